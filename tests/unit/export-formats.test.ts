// The export file formats on their own: RFC 4180 quoting, the formula guard on text only, exact
// amounts from minor units, and JSON lines with every value a string or null.
import { describe, expect, it } from "vitest";
import { column } from "../../lib/exports/columns.ts";
import { csvRecord, textCell } from "../../lib/exports/csv.ts";
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
  it("quotes a field only when it holds a comma, a quote or a line break, doubling its quotes", () => {
    expect(csvRecord(["plain", 'say "hi"', "a,b", "two\nlines", "cr\rhere", "", null])).toBe(
      'plain,"say ""hi""","a,b","two\nlines","cr\rhere",,\r\n',
    );
  });

  it("defuses text that a spreadsheet would run as a formula, and nothing else", () => {
    for (const text of ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"]) expect(textCell(text)).toBe(`'${text}`);
    for (const text of ["1=1", "a-b", "", "'quoted"]) expect(textCell(text)).toBe(text);
  });

  it("writes amounts exactly, negative ones with their minus, and guards only text columns", () => {
    const row = (amount: bigint, text: string | null = "-x") =>
      FILE_FORMATS.csv.row(columns, { text, amount, at, count: 3 });
    expect(row(-150n)).toBe("'-x,-1.50,2026-11-25T08:00:00.500Z,3\r\n");
    expect(row(5n, null)).toBe(",0.05,2026-11-25T08:00:00.500Z,3\r\n");
    expect(row(900719925474099312n)).toBe("'-x,9007199254740993.12,2026-11-25T08:00:00.500Z,3\r\n");
    expect(FILE_FORMATS.csv.header(columns as never)).toBe("text,amount,at,count\r\n");
  });
});

describe("JSON lines", () => {
  it("is one object per line, every value a string or null, and no header", () => {
    expect(FILE_FORMATS.jsonl.header(columns as never)).toBe("");
    const line = FILE_FORMATS.jsonl.row(columns, { text: "=1+1\n", amount: -1n, at, count: 0 });
    expect(line.endsWith("\n") && !line.slice(0, -1).includes("\n")).toBe(true);
    expect(JSON.parse(line)).toEqual({ text: "=1+1\n", amount: "-0.01", at: "2026-11-25T08:00:00.500Z", count: "0" });
  });
});
