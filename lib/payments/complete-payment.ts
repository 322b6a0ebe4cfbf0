// A payment's outcome arrives (the hosted payment page, a provider callback, or the sandbox):
// the payment becomes Paid or Failed, and a paid one moves its trade: escrow funded
// (trade.created), or the label issued (trade.shipment_label_created / return_…).
import { ApiError } from "../api/errors.ts";
import { db } from "../db/client.ts";
import type { Tenant } from "../db/generated/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import { metrics } from "../ops/metrics.ts";
import { issueLabel } from "../shipping/issue-label.ts";
import { applyTransition } from "../trades/apply-transition.ts";
import { serializePayment } from "./serialize-payment.ts";

/** `method` records how the payer paid (a hosted page's choice); the sandbox leaves it unset. */
export async function completePayment(tenant: Tenant, mode: ApiMode, paymentId: string, outcome: "succeeded" | "failed", now: Date, method?: string) {
  const payment = await db.$transaction(async (tx) => {
    const found = await tx.payment.findFirst({ where: { id: paymentId, tenantId: tenant.id, mode } });
    if (!found) throw ApiError.notFound(`Payment ${JSON.stringify(paymentId)}`);
    await tx.$queryRaw`SELECT 1 FROM "Trade" WHERE "id" = ${found.tradeId} FOR UPDATE`;
    // Only a pending payment has an outcome to take; the guard makes a second completion a 409.
    const [completed] = await tx.payment.updateManyAndReturn({
      where: { id: paymentId, state: "Pending" },
      data: outcome === "succeeded" ? { state: "Paid", paidAt: now, method } : { state: "Failed", failedAt: now, method },
    });
    if (!completed) {
      const current = await tx.payment.findUniqueOrThrow({ where: { id: paymentId } });
      throw new ApiError("invalid-state", `The payment is \`${current.state}\`; only a \`Pending\` payment can be completed.`);
    }
    if (outcome === "succeeded") {
      const trade = await tx.trade.findUniqueOrThrow({ where: { id: found.tradeId } });
      if (found.purpose === "Escrow") {
        await applyTransition(tx, trade, tenant, "escrowPaid", "paymentRail", now);
      } else {
        const label = await tx.shipmentLabel.findUniqueOrThrow({ where: { paymentId } });
        await issueLabel(tx, tenant, trade, label, now);
      }
    }
    return completed; // what follows moves the trade and the label, not the payment
  });
  metrics().payments.inc({ purpose: payment.purpose, outcome });
  return serializePayment(payment);
}
