// Checks anyone can run on the source (issue 34): the rows that follow a change of a trade are
// written in one place each, every UPDATE of a Trade row is in the trade's store, every
// transition goes through withLockedTrade (and lint refuses a caller that would skip it), and no
// SQL statement's text is written twice. The benchmark's raw-driver baseline (scripts/bench) is a
// separate program that mirrors the service on purpose, and tests may write rows to set scenes up.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path.includes("generated") ? [] : sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}
const FILES = [...sources("lib"), ...sources("app"), ...sources("components")].map((path) => ({
  path,
  text: readFileSync(path, "utf8"),
}));
const where = (pattern: RegExp) => FILES.filter((file) => pattern.test(file.text)).map((file) => file.path);
const count = (pattern: RegExp) => FILES.reduce((sum, file) => sum + (file.text.match(pattern)?.length ?? 0), 0);

describe("the trade's store", () => {
  it.each(["TradeTimelineEntry", "LedgerTransfer", "LedgerPosting", "OutboxEvent"])(
    "writes INSERT INTO %s once, in lib/trades/store/effects.ts",
    (table) => {
      const insert = new RegExp(`INSERT INTO "${table}"`, "g");
      expect(where(insert)).toEqual(["lib/trades/store/effects.ts"]);
      expect(count(insert)).toBe(1);
    },
  );

  it("keeps every UPDATE of a Trade row in lib/trades/store", () => {
    const raw = where(/UPDATE "Trade"/);
    const prisma = where(/\.trade\.(update|updateMany|upsert)\(/);
    expect([...raw, ...prisma].filter((path) => !path.startsWith("lib/trades/store/"))).toEqual([]);
    expect(raw.length).toBeGreaterThan(0);
  });

  it("applies a plan and takes a lock only in withLockedTrade", () => {
    expect(where(/\bapplyPlan\(/).sort()).toEqual([
      "lib/trades/store/apply-plan.ts",
      "lib/trades/with-locked-trade.ts",
    ]);
    expect(where(/\.take\(q\)/).filter((path) => !path.startsWith("lib/trades/store/"))).toEqual([
      "lib/trades/with-locked-trade.ts",
    ]);
    // What every caller writes instead: a lock named to withLockedTrade, and tx.transition inside it.
    expect(where(/tx\.transition\(/).length).toBeGreaterThanOrEqual(10);
  });

  it("has lint refuse a new caller that imports apply-plan", async () => {
    const eslint = new ESLint({ cwd: process.cwd() });
    const [result] = await eslint.lintText(
      'import { applyPlan } from "../trades/store/apply-plan.ts";\nexport const x = applyPlan;\n',
      { filePath: "lib/payments/example.ts" },
    );
    expect(result!.messages.map((m) => m.message)).toContainEqual(expect.stringContaining("withLockedTrade"));
  });

  it("writes no session id with a non-null assertion", () => {
    expect(where(/session\.(tradeId|paymentId)!/)).toEqual([]);
  });

  it("writes no SQL statement's text twice", () => {
    // Each statement: a template or string that begins with a SQL verb, normalised for spacing.
    const statements = FILES.flatMap((file) =>
      [...file.text.matchAll(/`\s*((?:WITH|SELECT|INSERT|UPDATE|DELETE)\b[^`]{40,})`/g)].map((match) => ({
        path: file.path,
        text: match[1]!
          .replace(/\$\{[^}]*\}/g, "?")
          .replace(/\s+/g, " ")
          .trim(),
      })),
    );
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const { path, text } of statements) {
      const first = seen.get(text);
      if (first) twice.push(`${first} and ${path}: ${text.slice(0, 80)}`);
      else seen.set(text, path);
    }
    expect(twice).toEqual([]);
  });
});
