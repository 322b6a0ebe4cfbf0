// Payouts export: one row per payout (each try at paying a payee) created in the range.
import { db } from "../../db/client.ts";
import type { Payout } from "../../db/generated/client.ts";
import { column } from "../columns.ts";
import { KEYSET_ORDER, keysetBatches, keysetWhere, type RowSource } from "../row-source.ts";

export const payoutsSource: RowSource<Payout> = {
  kind: "payouts",
  rowIs: "one row per payout created in the range (a failed payout and its retry are two rows)",
  columns: [
    column("payoutId", "text", "the payout's id", (p) => p.id),
    column("tradeId", "text", "the trade paid out", (p) => p.tradeId),
    column("attempt", "integer", "1 for the first try, 2 after one failed, …", (p) => p.attempt),
    column("createdAt", "time", "when the payout was created", (p) => p.createdAt),
    column("state", "text", "Pending, Paid or Failed when exported", (p) => p.state),
    column("currency", "text", "ISO 4217 code", (p) => p.currency),
    column("amount", "amount", "the amount paid to the recipient", (p) => p.amountMinor),
    column(
      "recipientMarketplaceUserId",
      "text",
      "the payee, when a marketplace user was paid",
      (p) => p.recipientMarketplaceUserId,
    ),
    column("businessId", "text", "the business user paid, when one was", (p) => p.businessId),
    column("businessLocationId", "text", "its location", (p) => p.businessLocationId),
    column(
      "bankAccountLast4",
      "text",
      "the last 4 digits of the account paid to (the rest is never stored)",
      (p) => p.bankAccountLast4,
    ),
    column("reference", "text", "what the recipient's bank statement shows", (p) => p.reference),
    column("paidAt", "time", "when the bank confirmed it; empty unless Paid", (p) => p.paidAt),
    column("failedAt", "time", "when the bank refused it; empty unless Failed", (p) => p.failedAt),
    column("failureReason", "text", "why the bank refused it", (p) => p.failureReason),
  ],
  batches: (scope) =>
    keysetBatches(scope, (after, take) =>
      db.payout.findMany({ where: keysetWhere(scope, after), orderBy: KEYSET_ORDER, take }),
    ),
};
