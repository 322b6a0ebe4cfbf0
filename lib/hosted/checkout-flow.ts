// The hosted checkout (Initiate trade's redirectUrl) and payment flow (Initiate payment flow's):
// the payer pays with a SIMULATED method, then the browser goes back to the tenant. Paying twice
// (back button, two tabs, double click) never charges twice: there is one escrow payment per
// trade at a time, and a payment can be completed once.
import { ApiError } from "../api/errors.ts";
import { tenantNow } from "../clock.ts";
import { db } from "../db/client.ts";
import type { HostedSession, Tenant } from "../db/generated/client.ts";
import { acceptAndPay } from "../payments/accept-and-pay.ts";
import { completePayment } from "../payments/complete-payment.ts";
import { applyTransition } from "../trades/apply-transition.ts";
import { withReason } from "./form-post.ts";
import { hashSessionToken } from "./sessions.ts";

/** Simulated payment methods of the hosted pages, with the outcome each produces. */
export const PAYMENT_METHODS = [
  { id: "card", label: "Card ending 4242", note: "Test card: approved", outcome: "succeeded" },
  { id: "wallet", label: "Mobile wallet", note: "Test wallet: approved", outcome: "succeeded" },
  { id: "card-declined", label: "Card ending 0002", note: "Test card: declined by the bank", outcome: "failed" },
] as const;

export async function loadHostedSession(token: string, kind: "Checkout" | "PaymentFlow") {
  const session = await db.hostedSession.findUnique({ where: { tokenHash: hashSessionToken(token) }, include: { tenant: true } });
  if (!session || session.kind !== kind || !session.tradeId) return null;
  const now = tenantNow(session.tenant, session.mode);
  const trade = await db.trade.findUniqueOrThrow({ where: { id: session.tradeId } });
  const payment = session.paymentId ? await db.payment.findUnique({ where: { id: session.paymentId } }) : null;
  const open = session.state === "Open" && session.expiresAt > now;
  return { session, trade, payment, now, open };
}

type Outcome = { redirect: string } | { declined: true } | { unusable: true };

export async function payCheckout(token: string, methodId: string): Promise<Outcome> {
  const loaded = await loadHostedSession(token, "Checkout");
  if (!loaded?.open) return { unusable: true };
  const { session, trade, now } = loaded;
  const method = PAYMENT_METHODS.find((m) => m.id === methodId) ?? PAYMENT_METHODS[0];
  const context = { tenant: session.tenant, mode: session.mode, now };
  const payment = await acceptAndPay(context, trade.payerMarketplaceUserId, trade.id, undefined);
  return payOnce(session, payment.paymentId, payment.state, method.outcome, now);
}

export async function cancelCheckout(token: string): Promise<Outcome> {
  const loaded = await loadHostedSession(token, "Checkout");
  if (!loaded?.open) return { unusable: true };
  const { session, now } = loaded;
  await db.$transaction(async (tx) => {
    const trade = await tx.trade.findUniqueOrThrow({ where: { id: session.tradeId! } });
    // A checkout cancelled before payment cancels the trade, and the tenant hears of it (spec 6 rule 1).
    if (trade.state === "Created" || trade.state === "InvitationAccepted") {
      await applyTransition(tx, trade, session.tenant, "checkoutCancelled", "payer", now);
    }
    await tx.hostedSession.updateMany({ where: { id: session.id, state: "Open" }, data: { state: "Cancelled", completedAt: now } });
  });
  return { redirect: withReason(session.cancelUrl, "cancelled") };
}

export async function payPaymentFlow(token: string, methodId: string): Promise<Outcome> {
  const loaded = await loadHostedSession(token, "PaymentFlow");
  if (!loaded?.open || !loaded.payment) return { unusable: true };
  const { session, payment, now } = loaded;
  const method = PAYMENT_METHODS.find((m) => m.id === methodId) ?? PAYMENT_METHODS[0];
  return payOnce(session, payment.id, payment.state, method.outcome, now);
}

/** Completes a pending payment with the method's outcome, then closes the session. */
async function payOnce(session: HostedSession & { tenant: Tenant }, paymentId: string, state: string, outcome: "succeeded" | "failed", now: Date): Promise<Outcome> {
  if (state === "Pending") {
    try {
      const completed = await completePayment(session.tenant, session.mode, paymentId, outcome, now);
      if (completed.state === "Failed") return { declined: true };
    } catch (error) {
      // Another tab completed it a moment ago: that payment is the one that counts.
      if (!(error instanceof ApiError && error.code === "invalid-state")) throw error;
    }
  }
  await db.hostedSession.updateMany({ where: { id: session.id, state: "Open" }, data: { state: "Completed", completedAt: now } });
  return { redirect: session.successUrl ?? "/" };
}

export async function cancelPaymentFlow(token: string): Promise<Outcome> {
  const loaded = await loadHostedSession(token, "PaymentFlow");
  if (!loaded?.open) return { unusable: true };
  await db.hostedSession.updateMany({ where: { id: loaded.session.id, state: "Open" }, data: { state: "Cancelled", completedAt: loaded.now } });
  return { redirect: withReason(loaded.session.cancelUrl, "cancelled") };
}
