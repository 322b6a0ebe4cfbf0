// Every export, by its path segment.
import type { RowSource } from "../row-source.ts";
import { ledgerMovementsSource } from "./ledger-movements.ts";
import { payoutsSource } from "./payouts.ts";
import { tradesSource } from "./trades.ts";

export const EXPORT_KINDS = ["trades", "payouts", "ledger-movements"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

// Each source is typed where its columns are written; here only its kind matters.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const EXPORT_SOURCES: Record<ExportKind, RowSource<any>> = {
  trades: tradesSource,
  payouts: payoutsSource,
  "ledger-movements": ledgerMovementsSource,
};
