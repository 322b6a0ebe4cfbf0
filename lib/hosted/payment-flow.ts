// The hosted payment flow (Initiate payment flow's redirectUrl): pay one pending payment, the
// escrow payment or a shipping label, then back to the tenant.
import { db } from "../db/client.ts";
import { confirmPendingPayment, payPendingPayment } from "../payments/pay-pending-payment.ts";
import { outcomeOf } from "./checkout-flow.ts";
import type { HostedOutcome } from "./hosted-outcome.ts";
import type { SessionOf, SessionWithTenant } from "./open-session.ts";
import { returnTarget } from "./return-target.ts";

export async function loadPaymentFlow(session: SessionOf<"PaymentFlow">) {
  const payment = await db.payment.findUniqueOrThrow({
    where: { id: session.paymentId },
    include: { trade: true, shipmentLabel: true },
  });
  return { payment, trade: payment.trade, label: payment.shipmentLabel };
}

export async function payPaymentFlow(
  session: SessionOf<"PaymentFlow">,
  methodId: string,
  now: Date,
): Promise<HostedOutcome> {
  return outcomeOf(session, await payPendingPayment(session, session.paymentId, methodId, now));
}

export async function confirmPaymentFlow(
  session: SessionWithTenant,
  approved: boolean,
  now: Date,
): Promise<HostedOutcome> {
  return outcomeOf(session, await confirmPendingPayment(session, approved, now));
}

/** The payment stays pending: the tenant may start another payment flow for it. */
export async function cancelPaymentFlow(session: SessionWithTenant, now: Date): Promise<HostedOutcome> {
  await db.hostedSession.updateMany({
    where: { id: session.id, state: "Open" },
    data: { state: "Cancelled", completedAt: now, pendingPaymentId: null, pendingMethod: null },
  });
  return { done: returnTarget(session, { kind: "cancel", reason: "cancelled" }) };
}
