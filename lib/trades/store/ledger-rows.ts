// The ledger's rows of one trade: its balances, and a transfer that needs them (a refund, a
// settlement, a payout), written in the caller's transaction with the same parts as the
// transition's own statement (effects.ts), so the two cannot write a transfer differently.
import type { ApiMode } from "../../db/generated/enums.ts";
import type { Sql } from "../../db/sql.ts";
import type { LedgerKind } from "../../money/ledger-kinds.ts";
import { transferRows, type Balances, type Posting } from "../../money/ledger.ts";
import { escrowRefund, ledgerBalances, ledgerTransfers } from "./effects.ts";
import { StatementParts } from "./statement-parts.ts";

/** Sums the trade's escrow and payee-payable accounts (one statement, in the caller's transaction). */
export async function tradeBalances(q: Sql, tradeId: string): Promise<Balances> {
  const s = new StatementParts();
  const [row] = await q<Balances>(
    s.statement([ledgerBalances(s.param(tradeId))], `SELECT "escrow", "payeePayable" FROM balances`, "balances"),
  );
  return row!;
}

export interface TradeScope {
  tenantId: string;
  mode: ApiMode;
  tradeId: string;
  currency: string;
}

/** One balanced transfer of the trade, its postings and the payer's refund: one statement (none when nothing moves). */
export async function writeTransfer(
  q: Sql,
  scope: TradeScope,
  kind: LedgerKind,
  postings: Posting[],
  createdAt: Date,
): Promise<void> {
  const rows = transferRows(scope.tradeId, kind, postings);
  if (!rows) return;
  const s = new StatementParts();
  const at = s.param(createdAt);
  const trade = `trade AS (SELECT ${s.param(scope.tradeId)}::text AS "id", ${s.param(scope.tenantId)}::text AS "tenantId",
    ${s.param(scope.mode)}::"ApiMode" AS "mode", ${s.param(scope.currency)}::text AS "currency")`;
  await q(
    s.statement(
      [
        trade,
        ledgerTransfers(s, "trade", [rows], at),
        rows.refundMinor > 0n && escrowRefund(s, "trade", rows.refundMinor, at),
      ],
      `SELECT 1`,
      rows.refundMinor > 0n ? "transfer with refund" : "transfer",
    ),
  );
}
