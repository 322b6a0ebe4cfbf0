// The two file formats of an export. Both carry the same columns with the same exact text values:
// CSV (a header record, then one record per row) and JSON lines (one object per line, every value
// a string or null, so that amounts stay exact decimals in any JSON reader).
import { cellText, type Column } from "./columns.ts";
import { csvRecord, plainField, textField } from "./csv.ts";

export const EXPORT_FORMATS = ["csv", "jsonl"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface FileFormat {
  contentType: string;
  extension: string;
  header: (columns: readonly Column<never>[]) => string;
  row: <Row>(columns: readonly Column<Row>[], row: Row) => string;
}

export const FILE_FORMATS: Record<ExportFormat, FileFormat> = {
  csv: {
    contentType: "text/csv; charset=utf-8; header=present",
    extension: "csv",
    header: (columns) => csvRecord(columns.map((c) => textField(c.name))),
    row: (columns, row) =>
      csvRecord(
        columns.map((c) => {
          const text = cellText(c.type, c.value(row));
          // Only text can be typed by a person; amounts, times and counts are ours.
          return text !== null && c.type === "text" ? textField(text) : plainField(text);
        }),
      ),
  },
  jsonl: {
    contentType: "application/x-ndjson; charset=utf-8",
    extension: "jsonl",
    header: () => "",
    row: (columns, row) =>
      `${JSON.stringify(Object.fromEntries(columns.map((c) => [c.name, cellText(c.type, c.value(row))])))}\n`,
  },
};
