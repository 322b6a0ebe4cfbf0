// CSV as RFC 4180 writes it (no CSV library is installed; the rules fit in a few lines): fields
// separated by commas, records ended by CRLF, a field quoted when it holds a comma, a quote, CR or
// LF, with its quotes doubled.
//
// A spreadsheet opening the file runs a cell that starts with = + - @ (or a tab or CR, which some
// strip first) as a formula: a trade title like `=HYPERLINK(...)` would run on the finance team's
// machine. Such text cells get a leading apostrophe, which spreadsheets show as text (OWASP's
// advice). Amounts are written by us, not typed by anyone, so a negative amount keeps its minus.

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export type Cell = string | null;

/** A cell of text that came from outside (titles, references, ids): defused when it looks like a formula. */
export function textCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function field(value: Cell): string {
  if (value === null) return "";
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function csvRecord(cells: readonly Cell[]): string {
  return `${cells.map(field).join(",")}\r\n`;
}
