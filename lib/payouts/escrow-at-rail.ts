// Where a trade's escrowed money sits at the rail: the rail that took the escrow payment and its
// id there (a release is funded by that very payment: Stripe's source_transaction). Paid, or paid
// and partly refunded (a settlement): both still hold money to release.
import { statement, type Sql } from "../db/sql.ts";

export type EscrowAtRail = { provider: string; railPaymentId: string | null } | null;

/** By the trade's tenant and mode too: the index on Payment (tenantId, mode, tradeId) serves it. */
export async function escrowAtRail(
  q: Sql,
  trade: { id: string; tenantId: string; mode: string },
): Promise<EscrowAtRail> {
  const [paid] = await q<{ provider: string; railPaymentId: string | null }>(statement`
    SELECT "provider", "railPaymentId" FROM "Payment"
    WHERE "tenantId" = ${trade.tenantId} AND "mode" = ${trade.mode}::"ApiMode" AND "tradeId" = ${trade.id}
      AND "purpose" = 'Escrow' AND "state" IN ('Paid', 'PartiallyRefunded')
    ORDER BY "createdAt" DESC LIMIT 1`);
  return paid ?? null;
}
