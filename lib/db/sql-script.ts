// Splits a migration script into its statements at the semicolons that end them, not at those
// inside a quoted string, a quoted identifier, a dollar-quoted body (a function's $$ … $$) or a
// comment. @prisma/adapter-pg 7.10 splits scripts at every semicolon, which cuts a trigger
// function in pieces (lib/db/schema-engine-adapter.ts uses this instead).

export function splitSqlScript(script: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  const skipTo = (end: string, from: number) => {
    const at = script.indexOf(end, from);
    return at === -1 ? script.length : at + end.length;
  };
  while (i < script.length) {
    const char = script[i]!;
    if (char === "'" || char === '"') {
      // A doubled quote inside is an escaped one: the scan simply closes and reopens.
      i = skipTo(char, i + 1);
    } else if (char === "-" && script[i + 1] === "-") {
      i = skipTo("\n", i + 2);
    } else if (char === "/" && script[i + 1] === "*") {
      i = skipTo("*/", i + 2);
    } else if (char === "$") {
      const tag = /^\$[A-Za-z_]*\$/.exec(script.slice(i))?.[0];
      i = tag ? skipTo(tag, i + tag.length) : i + 1;
    } else if (char === ";") {
      statements.push(script.slice(start, i));
      i += 1;
      start = i;
    } else {
      i += 1;
    }
  }
  statements.push(script.slice(start));
  return statements.map((statement) => statement.trim()).filter((statement) => statement.length > 0);
}
