// A payment's outcome arrives (the hosted payment page, a provider callback, or the sandbox).
// Paid: the payment becomes Paid and moves its trade: escrow funded (trade.created), or the label
// issued (trade.shipment_label_created / return_…). Declined: the try is recorded and the payment
// stays Pending, so the payer can try again (decisions.md §9). A label's carrier is asked before
// the transaction, so no carrier call runs while the trade's row is locked (lib/shipping/issue-label.ts).
import { ApiError } from "../errors.ts";
import { db } from "../db/client.ts";
import type { Tenant } from "../db/generated/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import { metrics } from "../ops/metrics.ts";
import { applyIssuedLabel, requestLabel, voidUnusedLabel } from "../shipping/issue-label.ts";
import { applyTransition } from "../trades/apply-transition.ts";
import { holdTradeRow } from "../trades/lock-trade.ts";
import { paymentNamed } from "./find-payment.ts";
import { recordAttempt, type AttemptOutcome, type AttemptSource } from "./payment-attempts.ts";
import { serializePayment } from "./serialize-payment.ts";

/** `reference` is the payment's id or its externalId; `method` is a hosted page's choice. */
export async function completePayment(
  tenant: Tenant,
  mode: ApiMode,
  reference: string,
  outcome: AttemptOutcome,
  now: Date,
  attempt: { source: AttemptSource; method?: string },
) {
  const order = outcome === "succeeded" ? await labelToIssue(tenant, mode, reference) : null;
  const issued = order ? await requestLabel(mode, order) : null;
  const payment = await db
    .$transaction(async (tx) => {
      const found = await tx.payment.findFirst({ where: { ...paymentNamed(reference), tenantId: tenant.id, mode } });
      if (!found) throw ApiError.notFound(`Payment ${JSON.stringify(reference)}`);
      await holdTradeRow(tx, found.tradeId);
      const notPending = async () => {
        const current = await tx.payment.findUniqueOrThrow({ where: { id: found.id } });
        return new ApiError(
          "invalid-state",
          `The payment is \`${current.state}\`; only a \`Pending\` payment can be completed.`,
        );
      };
      if (outcome !== "succeeded") {
        // The trade's lock above orders this after any completion: a paid payment refuses the try.
        const current = await tx.payment.findUniqueOrThrow({ where: { id: found.id } });
        if (current.state !== "Pending") throw await notPending();
        await recordAttempt(tx, found, { outcome, ...attempt }, now);
        return current;
      }
      // Only a pending payment has an outcome to take; the guard makes a second completion a 409.
      const [completed] = await tx.payment.updateManyAndReturn({
        where: { id: found.id, state: "Pending" },
        data: { state: "Paid", paidAt: now, method: attempt.method, updatedAt: now },
      });
      if (!completed) throw await notPending();
      await recordAttempt(tx, found, { outcome, ...attempt }, now);
      const trade = await tx.trade.findUniqueOrThrow({ where: { id: found.tradeId } });
      if (found.purpose === "Escrow") {
        await applyTransition(tx, trade, tenant, "escrowPaid", "paymentRail", now);
      } else {
        const label = await tx.shipmentLabel.findUniqueOrThrow({ where: { paymentId: found.id } });
        // Asked for before the transaction: the payment was Pending then (a payment never returns to
        // Pending), so a label payment that passed the guard above always has its label here.
        if (!issued) throw new Error(`Label payment ${found.id} reached completion without its label`);
        await applyIssuedLabel(tx, tenant, trade, label, issued, now);
      }
      return completed; // what follows moves the trade and the label, not the payment
    })
    .catch(async (error: unknown) => {
      if (order && issued)
        await voidUnusedLabel(
          mode,
          order,
          issued,
          async () =>
            (await db.shipmentLabel.findUnique({ where: { id: order.id }, select: { status: true } }))?.status ===
            "Pending",
        );
      throw error;
    });
  metrics().payments.inc({ purpose: payment.purpose, outcome });
  return serializePayment(payment);
}

/** The label a label payment pays for, while that payment is Pending; null for anything else. */
async function labelToIssue(tenant: Tenant, mode: ApiMode, reference: string) {
  const payment = await db.payment.findFirst({
    where: { ...paymentNamed(reference), tenantId: tenant.id, mode },
    select: {
      purpose: true,
      state: true,
      shipmentLabel: { select: { id: true, carrier: true, expectedMaxWeightGrams: true } },
    },
  });
  return payment && payment.purpose !== "Escrow" && payment.state === "Pending" ? payment.shipmentLabel : null;
}
