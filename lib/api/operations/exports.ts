// Exports for finance (additive): one operation per kind, each documenting its own columns from the
// same column list that writes the file.
import { COMMON_ERRORS, defineOperation } from "../operation.ts";
import { describeColumns } from "../../exports/columns.ts";
import { FILE_FORMATS } from "../../exports/formats.ts";
import type { RowSource } from "../../exports/row-source.ts";
import { ExportQuery } from "../../exports/schemas.ts";
import { EXPORT_SOURCES } from "../../exports/sources/index.ts";

const MEDIA_TYPES = Object.values(FILE_FORMATS).map((f) => f.contentType.split(";")[0]!);

const COMMON =
  "Additive. Rows of the token's mode created in [`from`, `to`), oldest first, streamed as " +
  "they are read (any size, constant memory on our side), as `format=csv` (RFC 4180: a header " +
  "record, CRLF, every text field quoted, other fields where needed; a ' is put before a formula " +
  "character (= + - @, tab, CR) that begins a text cell or follows a comma, semicolon, tab or line " +
  "break inside it, so that no spreadsheet runs it whichever separator it splits on) or " +
  "`format=jsonl` (one JSON object per line, the text exactly as stored, every value " +
  "a string or null). Amounts are exact decimals in major units (`1234.50`, never a float), " +
  "times UTC ISO 8601. A transfer that breaks midway ends without its last chunk: retry it. " +
  "Read from a database replica when the operator has one: rows committed in the last 2 seconds " +
  "(the operator's bound) may be missing; a range that ended before that is complete.";

function exportOperation(operationId: string, summary: string, source: RowSource<unknown>) {
  return defineOperation({
    operationId,
    method: "GET",
    path: `/v1/marketplace/exports/${source.kind}`,
    summary,
    description: `${COMMON} Rows: ${source.rowIs}. Columns: ${describeColumns(source.columns)}.`,
    tags: ["Exports"],
    query: ExportQuery,
    download: MEDIA_TYPES,
    responseDescription: `The ${source.kind} file (\`Content-Disposition: attachment\`).`,
    errors: [...COMMON_ERRORS],
  });
}

export const exportTrades = exportOperation("exportTrades", "Export trades", EXPORT_SOURCES.trades);
export const exportPayouts = exportOperation("exportPayouts", "Export payouts", EXPORT_SOURCES.payouts);
export const exportLedgerMovements = exportOperation(
  "exportLedgerMovements",
  "Export ledger movements",
  EXPORT_SOURCES["ledger-movements"],
);
