// A payment's outcome arrives (the hosted payment page, a provider callback, or the sandbox).
// Paid: the payment becomes Paid and moves its trade: escrow funded (trade.created), or the label
// issued (trade.shipment_label_created / return_…). Declined: the try is recorded and the payment
// stays Pending, so the payer can try again (decisions.md §9).
import { ApiError } from "../errors.ts";
import { db } from "../db/client.ts";
import type { Tenant } from "../db/generated/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import { metrics } from "../ops/metrics.ts";
import { issueLabel } from "../shipping/issue-label.ts";
import { applyTransition } from "../trades/apply-transition.ts";
import { holdTradeRow } from "../trades/lock-trade.ts";
import { paymentNamed } from "./find-payment.ts";
import { recordAttempt, type AttemptOutcome, type AttemptSource } from "./payment-attempts.ts";
import { serializePayment } from "./serialize-payment.ts";

/** `reference` is the payment's id or its externalId; `method` is a hosted page's choice. */
export async function completePayment(tenant: Tenant, mode: ApiMode, reference: string, outcome: AttemptOutcome, now: Date, attempt: { source: AttemptSource; method?: string }) {
  const payment = await db.$transaction(async (tx) => {
    const found = await tx.payment.findFirst({ where: { ...paymentNamed(reference), tenantId: tenant.id, mode } });
    if (!found) throw ApiError.notFound(`Payment ${JSON.stringify(reference)}`);
    await holdTradeRow(tx, found.tradeId);
    const notPending = async () => {
      const current = await tx.payment.findUniqueOrThrow({ where: { id: found.id } });
      return new ApiError("invalid-state", `The payment is \`${current.state}\`; only a \`Pending\` payment can be completed.`);
    };
    if (outcome !== "succeeded") {
      // The trade's lock above orders this after any completion: a paid payment refuses the try.
      const current = await tx.payment.findUniqueOrThrow({ where: { id: found.id } });
      if (current.state !== "Pending") throw await notPending();
      await recordAttempt(tx, found, { outcome, ...attempt }, now);
      return current;
    }
    // Only a pending payment has an outcome to take; the guard makes a second completion a 409.
    const [completed] = await tx.payment.updateManyAndReturn({ where: { id: found.id, state: "Pending" }, data: { state: "Paid", paidAt: now, method: attempt.method, updatedAt: now } });
    if (!completed) throw await notPending();
    await recordAttempt(tx, found, { outcome, ...attempt }, now);
    const trade = await tx.trade.findUniqueOrThrow({ where: { id: found.tradeId } });
    if (found.purpose === "Escrow") {
      await applyTransition(tx, trade, tenant, "escrowPaid", "paymentRail", now);
    } else {
      const label = await tx.shipmentLabel.findUniqueOrThrow({ where: { paymentId: found.id } });
      await issueLabel(tx, tenant, trade, label, now);
    }
    return completed; // what follows moves the trade and the label, not the payment
  });
  metrics().payments.inc({ purpose: payment.purpose, outcome });
  return serializePayment(payment);
}
