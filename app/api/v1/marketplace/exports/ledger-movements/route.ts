// GET /api/v1/marketplace/exports/ledger-movements – the ledger postings of a time range as CSV or JSON lines
import { apiRoute } from "@/lib/api/route.ts";
import { exportRows } from "@/lib/exports/export-rows.ts";
import * as operations from "@/lib/api/operations/exports.ts";

export const GET = apiRoute(operations.exportLedgerMovements, (context) =>
  exportRows(context, "ledger-movements", context.query),
);
