// CSV as RFC 4180 writes it (no CSV library is installed; the rules fit in a few lines): fields
// separated by commas, records ended by CRLF, quotes inside a quoted field doubled.
//
// A spreadsheet opening the file runs a cell that starts with = + - @ (or a tab or CR, which some
// strip first) as a formula: a trade title like `=HYPERLINK(...)` would run on the finance team's
// machine. So text that came from outside is written defused (OWASP's advice on CSV injection):
// - every text field is quoted, so that a reader splitting on this file's commas never starts a
//   cell inside it;
// - a leading apostrophe before a formula character, which spreadsheets show as text;
// - the same apostrophe before a formula character that follows a comma, semicolon, tab or line
//   break inside the text: a spreadsheet that splits on another separator than ours (Excel in
//   Danish or German splits a .csv on `;`) or loses track of the quotes starts a cell there, so
//   `a;=1+1;b` must not give it a cell `=1+1`. Quotes in between (`;""=`) are looked through, as
//   such a reader takes a quote at the start of a cell as the start of a quoted one.
// Amounts, times and counts are written by us, not typed by anyone: they are never prefixed (a
// negative amount keeps its minus) and are quoted only if they ever needed it.

/** Where a cell can begin for some reader, followed by a formula character: an apostrophe goes there. */
const FORMULA_START = /(?<=^|[,;\t\r\n])(?="*[=+\-@\t\r])/g;
const NEEDS_QUOTES = /[",\r\n]/;

const quoted = (value: string) => `"${value.replaceAll('"', '""')}"`;

/** A field of text that came from outside (titles, references, ids): defused and always quoted. */
export function textField(value: string): string {
  return quoted(value.replace(FORMULA_START, "'"));
}

/** A field of our own making (an amount, a time, a count), or an empty one: quoted only when it must be. */
export function plainField(value: string | null): string {
  if (value === null) return "";
  return NEEDS_QUOTES.test(value) ? quoted(value) : value;
}

/** One record of fields already written by textField or plainField. */
export function csvRecord(fields: readonly string[]): string {
  return `${fields.join(",")}\r\n`;
}
