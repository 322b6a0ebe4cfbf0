// Comments cite the contract as "decisions.md §n" and "spec n.n". Both documents live in
// docs/contract/, so every citation must name a section a reader can open there.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const sourceFiles = execFileSync("git", ["ls-files", "lib", "app", "components", "scripts", "prisma/schema.prisma"], {
  encoding: "utf8",
})
  .split("\n")
  .filter((file) => /\.(ts|tsx|prisma)$/.test(file) && !file.startsWith("lib/db/generated/"));

function citations(pattern: RegExp): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of sourceFiles) {
    for (const match of readFileSync(file, "utf8").matchAll(pattern))
      found.set(match[1]!, [...(found.get(match[1]!) ?? []), file]);
  }
  return found;
}

function headings(document: string, pattern: RegExp): Set<string> {
  return new Set([...readFileSync(`docs/contract/${document}`, "utf8").matchAll(pattern)].map((match) => match[1]!));
}

describe("contract citations", () => {
  it("cite sections of docs/contract/decisions.md that exist", () => {
    const sections = headings("decisions.md", /^## (\d+)\./gm);
    const cited = citations(/decisions\.md §(\d+)/g);
    expect(cited.size).toBeGreaterThan(5);
    expect([...cited.keys()].filter((section) => !sections.has(section))).toEqual([]);
  });

  it("cite sections of docs/contract/interface-spec.md that exist", () => {
    const sections = headings("interface-spec.md", /^#{2,3} (\d+(?:\.\d+)?)[. ]/gm);
    const cited = citations(/\bspec (\d+(?:\.\d+)?)\b/g);
    expect(cited.size).toBeGreaterThan(5);
    expect([...cited.keys()].filter((section) => !sections.has(section))).toEqual([]);
  });
});
