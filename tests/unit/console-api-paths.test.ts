// The console's addresses are spelled in one place: lib/console/operations. A string or template
// anywhere else in the app's code that holds "/console/api" is a hand-built path, which drifts
// from its route unnoticed; use consolePath or the typed helpers (components/console/kit).
// Comments may name the addresses; tests may call them literally (they check the wire).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SEARCHED = ["app", "components", "lib", "scripts", "proxy.ts", "instrumentation.ts"];
const ALLOWED = ["lib/console/operations/", "lib/db/generated/"];

function sourceFiles(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (/\.tsx?$/.test(entry)) return [full];
  return readdirSync(full, { withFileTypes: true }).flatMap((child) => {
    if (child.name === "node_modules") return [];
    const relative = path.join(entry, child.name);
    if (child.isDirectory()) return sourceFiles(relative);
    return /\.tsx?$/.test(child.name) ? [path.join(ROOT, relative)] : [];
  });
}

/** The text of every string literal, template part and JSX text in a source, with its line. */
function literalTexts(name: string, text: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: { line: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)) {
      found.push({ line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, text: node.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("console API paths", () => {
  it("are built only in lib/console/operations", () => {
    const files = SEARCHED.flatMap(sourceFiles).filter(
      (file) => !ALLOWED.some((allowed) => path.relative(ROOT, file).startsWith(allowed)),
    );
    expect(files.length).toBeGreaterThan(100);
    const handBuilt = files.flatMap((file) =>
      literalTexts(file, readFileSync(file, "utf8"))
        .filter(({ text }) => text.includes("/console/api"))
        .map(({ line, text }) => `${path.relative(ROOT, file)}:${line}: ${JSON.stringify(text)}`),
    );
    expect(handBuilt).toEqual([]);
  });

  it("are found in strings, templates and JSX, not in comments", () => {
    const source = [
      "// GET /console/api/trades: a comment may name it",
      'const a = "/console/api/trades";',
      "const b = `/console/api/trades/${id}/cancel`;",
      "const c = `${base}/console/api/users`;",
      'const d = <a href="/console/api/exports/trades">x</a>;',
      "const e = <p>/console/api/finance</p>;",
    ].join("\n");
    const lines = literalTexts("x.tsx", source)
      .filter(({ text }) => text.includes("/console/api"))
      .map((l) => l.line);
    expect(lines).toEqual([2, 3, 4, 5, 6]);
  });
});
