// Migration scripts split where statements end: never inside a function body, a string, a quoted
// identifier or a comment (lib/db/sql-script.ts).
import { describe, expect, it } from "vitest";
import { splitSqlScript } from "../../lib/db/sql-script.ts";

describe("splitSqlScript", () => {
  it("splits at the semicolons that end statements", () => {
    expect(splitSqlScript('CREATE TABLE "A" ("x" INT);\n-- note\nCREATE INDEX "i" ON "A"("x");\n')).toEqual([
      'CREATE TABLE "A" ("x" INT)',
      '-- note\nCREATE INDEX "i" ON "A"("x")',
    ]);
  });

  it("keeps a function's dollar-quoted body whole, with or without a tag", () => {
    const fn = `CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "T" VALUES (1);
  RETURN NULL;
END $$`;
    const tagged = "CREATE FUNCTION g() RETURNS int LANGUAGE sql AS $body$ SELECT 1; $body$";
    expect(splitSqlScript(`${fn};\n${tagged};\nCREATE TRIGGER t AFTER INSERT ON "T" EXECUTE FUNCTION f();`)).toEqual([
      fn,
      tagged,
      'CREATE TRIGGER t AFTER INSERT ON "T" EXECUTE FUNCTION f()',
    ]);
  });

  it("does not split inside strings, quoted identifiers or comments", () => {
    const statement = `INSERT INTO "a;b" VALUES ('x;y', 'it''s; fine') /* c; d */ -- e; f\n`;
    expect(splitSqlScript(`${statement};SELECT 2`)).toEqual([statement.trim(), "SELECT 2"]);
  });

  it("leaves a positional parameter alone and ignores empty statements", () => {
    expect(splitSqlScript(";; SELECT $1::int ;\n\n")).toEqual(["SELECT $1::int"]);
  });
});
