// The hosted payment flow (Initiate payment flow's redirectUrl): pay one pending payment, the
// escrow payment or a shipping label, then back to the tenant.
import { publicBaseUrl } from "../config.ts";
import { db } from "../db/client.ts";
import { hostedPagePath } from "../hosted-links/hosted-paths.ts";
import { payPendingPayment } from "../payments/pay-pending-payment.ts";
import type { HostedOutcome } from "./hosted-outcome.ts";
import type { SessionOf, SessionWithTenant } from "./open-session.ts";

export async function loadPaymentFlow(session: SessionOf<"PaymentFlow">) {
  const payment = await db.payment.findUniqueOrThrow({
    where: { id: session.paymentId },
    include: { trade: true, shipmentLabel: true },
  });
  return { payment, trade: payment.trade, label: payment.shipmentLabel };
}

export async function payPaymentFlow(session: SessionOf<"PaymentFlow">, token: string): Promise<HostedOutcome> {
  const page = `${publicBaseUrl()}${hostedPagePath("PaymentFlow", token)}`;
  const payment = { kind: "payment", paymentId: session.paymentId } as const;
  return { paymentStep: await payPendingPayment(payment, { returnUrl: `${page}/return`, cancelUrl: page }) };
}

/** The payment stays pending: the tenant may start another payment flow for it. */
export async function cancelPaymentFlow(session: SessionWithTenant, now: Date): Promise<HostedOutcome> {
  await db.hostedSession.updateMany({
    where: { id: session.id, state: "Open" },
    data: { state: "Cancelled", completedAt: now },
  });
  return { ended: { kind: "cancel", reason: "cancelled" } };
}
