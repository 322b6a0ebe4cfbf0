// The hosted payment flow (Initiate payment flow's redirectUrl): pay one pending payment, the
// escrow payment or a shipping label, then back to the tenant.
import { db } from "../db/client.ts";
import { finishPayStep } from "./checkout-flow.ts";
import type { HostedOutcome } from "./hosted-outcome.ts";
import type { SessionWithTenant } from "./open-session.ts";
import { confirmPendingPayment, payWithMethod } from "./pay-with-method.ts";
import { returnTarget } from "./return-target.ts";

export async function loadPaymentFlow(session: SessionWithTenant) {
  const payment = await db.payment.findUniqueOrThrow({
    where: { id: session.paymentId! },
    include: { trade: true, shipmentLabel: true },
  });
  return { payment, trade: payment.trade, label: payment.shipmentLabel };
}

export async function payPaymentFlow(session: SessionWithTenant, methodId: string, now: Date): Promise<HostedOutcome> {
  return finishPayStep(session, await payWithMethod(session, session.paymentId!, methodId, now), now);
}

export async function confirmPaymentFlow(
  session: SessionWithTenant,
  approved: boolean,
  now: Date,
): Promise<HostedOutcome> {
  return finishPayStep(session, await confirmPendingPayment(session, approved, now), now);
}

/** The payment stays pending: the tenant may start another payment flow for it. */
export async function cancelPaymentFlow(session: SessionWithTenant, now: Date): Promise<HostedOutcome> {
  await db.hostedSession.updateMany({
    where: { id: session.id, state: "Open" },
    data: { state: "Cancelled", completedAt: now, pendingPaymentId: null, pendingMethod: null },
  });
  return { done: returnTarget(session, { kind: "cancel", reason: "cancelled" }) };
}
