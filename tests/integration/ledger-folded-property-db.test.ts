// A movement that needs the trade's balances is written by the transition's own statement when the
// balances are read right behind the lock (lib/trades/act-on-trade.ts for the payer's acceptance,
// lib/trades/plan-transition.ts), and by a statement after it otherwise. Both ways must leave the
// same ledger: twin trades take the same random steps, one each way, and after every step their
// states and their transfers (kind, postings in order) are the same.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import { applyTransition } from "../helpers/apply-transition.ts";
import { randomMove } from "../helpers/random-move.ts";
import { insertTrade } from "../helpers/trades.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

/** The trade's transfers in the order written, each as its kind and its postings. */
async function transfersOf(tradeId: string) {
  const transfers = await db.ledgerTransfer.findMany({
    where: { tradeId },
    include: { postings: { orderBy: { id: "asc" } } },
    orderBy: [{ createdAt: "asc" }, { kind: "asc" }],
  });
  return transfers.map((t) => [t.kind, t.postings.map((p) => [p.account, p.amountMinor])]);
}

/** A trade whose payer also paid 49.00 of shipping: unused by a label, a settlement refunds it. */
async function shippedTrade(tenantId: string): Promise<string> {
  const { id } = await insertTrade(tenantId, { amountMinor: 123456n });
  const shipping = 4900n;
  await db.trade.update({
    where: { id },
    data: { shippingPayerMinor: shipping, payerTotalMinor: { increment: shipping } },
  });
  await db.payment.updateMany({ where: { tradeId: id }, data: { amountMinor: { increment: shipping } } });
  return id;
}

/** The escrow payment as a refund leaves it, and the refunds the rail is to pay back. */
async function escrowPaymentOf(tradeId: string) {
  const payment = await db.payment.findFirstOrThrow({ where: { tradeId, purpose: "Escrow" } });
  const refunds = await db.railRefund.findMany({ where: { paymentId: payment.id }, orderBy: { createdAt: "asc" } });
  return { state: payment.state, refundedMinor: payment.refundedMinor, refunds: refunds.map((r) => r.amountMinor) };
}

describe("a movement written by the transition's statement", () => {
  it("leaves the same ledger as one written after it, over 30 random histories", async () => {
    const created = await freshTenant();
    const tenant = await db.tenant.findUniqueOrThrow({ where: { id: created.tenantId } });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ choice: fc.nat(), shipping: fc.boolean() }), { minLength: 3, maxLength: 20 }),
        async (steps) => {
          const twins = [await shippedTrade(tenant.id), await shippedTrade(tenant.id)] as const;
          for (const step of steps) {
            const [folded, after] = await Promise.all(twins.map((id) => db.trade.findUniqueOrThrow({ where: { id } })));
            expect(folded!.state).toBe(after!.state);
            const move = randomMove(folded!, step.choice, 4);
            if (!move) break;
            const { action, actor, details } = move;
            const label =
              action === "deliveryLabelCreated"
                ? { payerShareMinor: step.shipping ? 4900n : 0n, payeeShareMinor: step.shipping ? 0n : 4900n }
                : { payerShareMinor: 4900n, payeeShareMinor: 0n };
            const outcomes = await Promise.all(
              [folded!, after!].map((trade, index) =>
                applyTransition(trade, tenant, action, actor, new Date(), details, undefined, label, {
                  readsBalances: index === 0,
                }).then(
                  (applied) => applied.trade.state,
                  (error: unknown) => {
                    if (error instanceof AppError) return error.code;
                    throw error;
                  },
                ),
              ),
            );
            expect(outcomes[0]).toBe(outcomes[1]);
            expect(await transfersOf(twins[0])).toEqual(await transfersOf(twins[1]));
            expect(await escrowPaymentOf(twins[0])).toEqual(await escrowPaymentOf(twins[1]));
          }
        },
      ),
      { numRuns: 30, seed: 3737 },
    );
  }, 120_000);
});
