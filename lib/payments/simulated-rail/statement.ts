// The simulated bank's statement of our account: every succeeded try (a charge), refund and paid
// payout in a period, as a real rail lists its balance transactions for reconciliation. The
// simulated bank charges no fees.
import { db } from "../../db/client.ts";
import type { RailBalanceTransaction } from "../payment-rail.ts";

export async function* bankStatement({ from, to }: { from: Date; to: Date }): AsyncIterable<RailBalanceTransaction> {
  const createdAt = { gte: from, lt: to };
  const [charges, refunds, payouts] = await Promise.all([
    db.simulatedBankTry.findMany({
      where: { outcome: "succeeded", createdAt },
      include: { bankPayment: { select: { amountMinor: true, currency: true } } },
    }),
    db.simulatedBankRefund.findMany({
      where: { createdAt },
      include: { bankPayment: { select: { currency: true } } },
    }),
    db.simulatedBankPayout.findMany({ where: { state: "paid", createdAt } }),
  ]);
  const line = (
    kind: RailBalanceTransaction["kind"],
    sourceId: string,
    amountMinor: bigint,
    currency: string,
    at: Date,
  ): RailBalanceTransaction => ({
    id: `simtxn_${sourceId}`,
    kind,
    sourceId,
    amountMinor,
    feeMinor: 0n,
    currency,
    createdAt: at,
  });
  yield* charges.map((t) => line("charge", t.id, t.bankPayment.amountMinor, t.bankPayment.currency, t.createdAt));
  yield* refunds.map((r) => line("refund", r.id, -r.amountMinor, r.bankPayment.currency, r.createdAt));
  yield* payouts.map((p) => line("payout", p.id, -p.amountMinor, p.currency, p.createdAt));
}
