// The trade's marks of what the payment rail's rounds did for it, in the caller's transaction: the
// hold budget's warning sent (lib/payments/hold-budget-warning.ts) and the tenant's fees sent or
// found to be nothing to send (lib/payouts/send-tenant-fees.ts). Each is set once: false when
// another worker set it first.
import { statement, type Sql } from "../../db/sql.ts";

export async function markHoldBudgetWarned(q: Sql, tradeId: string, now: Date): Promise<boolean> {
  const marked = await q(statement`
    UPDATE "Trade" SET "holdBudgetWarnedAt" = ${now}::timestamp
    WHERE "id" = ${tradeId} AND "holdBudgetWarnedAt" IS NULL RETURNING "id"`);
  return marked.length > 0;
}

/** `railTransferId`: the rail's transfer of the fees, or "none" when there was nothing to send or nowhere to send it. */
export async function markFeesSent(q: Sql, tradeId: string, railTransferId: string): Promise<boolean> {
  const marked = await q(statement`
    UPDATE "Trade" SET "feeTransferId" = ${railTransferId}
    WHERE "id" = ${tradeId} AND "feeTransferId" IS NULL RETURNING "id"`);
  return marked.length > 0;
}
