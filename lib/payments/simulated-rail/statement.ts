// The simulated bank's statement of our account: every succeeded try (a charge), refund, paid
// payout and dispute in a period, as a real rail lists its balance transactions for
// reconciliation. A dispute withdraws its amount when it opens and, when won, puts it back when it
// closes, each on its own date, signed as Stripe's dispute adjustments are. The simulated bank
// charges no fees.
import { db } from "../../db/client.ts";
import type { RailBalanceTransaction } from "../payment-rail.ts";

export async function* bankStatement({ from, to }: { from: Date; to: Date }): AsyncIterable<RailBalanceTransaction> {
  const createdAt = { gte: from, lt: to };
  const [charges, refunds, payouts, disputes] = await Promise.all([
    db.simulatedBankTry.findMany({
      where: { outcome: "succeeded", createdAt },
      include: { bankPayment: { select: { amountMinor: true, currency: true } } },
    }),
    db.simulatedBankRefund.findMany({
      where: { createdAt },
      include: { bankPayment: { select: { currency: true } } },
    }),
    db.simulatedBankPayout.findMany({ where: { state: "paid", createdAt } }),
    // A dispute won in the period may have opened long before it (hence by `closedAt` too).
    db.simulatedBankDispute.findMany({ where: { OR: [{ createdAt }, { state: "won", closedAt: createdAt }] } }),
  ]);
  const line = (
    kind: RailBalanceTransaction["kind"],
    sourceId: string,
    amountMinor: bigint,
    currency: string,
    at: Date,
  ): RailBalanceTransaction => ({
    // A won dispute has two lines, its withdrawal and its reinstatement: each its own id.
    id: kind === "chargeback_reversal" ? `simtxn_${sourceId}_reversal` : `simtxn_${sourceId}`,
    kind,
    sourceId,
    amountMinor,
    feeMinor: 0n,
    currency,
    createdAt: at,
  });
  const within = (at: Date | null): at is Date => at !== null && at >= from && at < to;
  yield* charges.map((t) => line("charge", t.id, t.bankPayment.amountMinor, t.bankPayment.currency, t.createdAt));
  yield* refunds.map((r) => line("refund", r.id, -r.amountMinor, r.bankPayment.currency, r.createdAt));
  yield* payouts.map((p) => line("payout", p.id, -p.amountMinor, p.currency, p.createdAt));
  for (const d of disputes) {
    if (within(d.createdAt)) yield line("chargeback", d.id, -d.amountMinor, d.currency, d.createdAt);
    if (d.state === "won" && within(d.closedAt))
      yield line("chargeback_reversal", d.id, d.amountMinor, d.currency, d.closedAt);
  }
}
