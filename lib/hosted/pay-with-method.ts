// Paying a pending payment on a hosted page (checkout or payment flow) with the method the payer
// chose. The rail answers paid, declined, or "the payer must confirm" (bank step-up or wallet
// app); the confirmation step then finishes it. A decline leaves the payment pending so that the
// payer can try another method. Paying twice never charges twice: the rail is called with the
// payment's externalId as its idempotency key, and the payment completes once (completePayment's
// conditional update); a second completion finds it Paid and counts as paid.
import { AppError } from "../errors.ts";
import { db } from "../db/client.ts";
import type { Payment } from "../db/generated/client.ts";
import { completePayment } from "../payments/complete-payment.ts";
import type { AttemptOutcome } from "../payments/payment-attempts.ts";
import type { Authorization } from "../payments/payment-rail.ts";
import { paymentRailFor } from "../outside-parties.ts";
import type { SessionWithTenant } from "./open-session.ts";

export type PayStep =
  | { kind: "paid" }
  | { kind: "declined"; reason: "declined_by_bank" | "not_confirmed" }
  | { kind: "confirm" }
  | { kind: "unavailable" };

export async function payWithMethod(
  session: SessionWithTenant,
  paymentId: string,
  methodId: string,
  now: Date,
): Promise<PayStep> {
  const payment = await db.payment.findUniqueOrThrow({ where: { id: paymentId } });
  if (payment.state === "Paid") return { kind: "paid" };
  if (payment.state !== "Pending") return { kind: "unavailable" };
  const paymentRail = paymentRailFor(session.mode);
  if (!paymentRail.paymentMethods().some((m) => m.id === methodId))
    return { kind: "declined", reason: "declined_by_bank" };
  const authorization = await paymentRail.authorize({
    externalId: payment.externalId,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    methodId,
  });
  return settle(session, payment, methodId, authorization, now);
}

/** The payer's answer on the confirmation step (their bank's page, or their wallet app). */
export async function confirmPendingPayment(
  session: SessionWithTenant,
  approved: boolean,
  now: Date,
): Promise<PayStep> {
  if (!session.pendingPaymentId || !session.pendingMethod) return { kind: "unavailable" };
  const payment = await db.payment.findUniqueOrThrow({ where: { id: session.pendingPaymentId } });
  // Clear the step first: of two answers (double click, two tabs) only one is taken.
  const { count } = await db.hostedSession.updateMany({
    where: { id: session.id, pendingPaymentId: payment.id },
    data: { pendingPaymentId: null, pendingMethod: null },
  });
  if (count !== 1) return payment.state === "Paid" ? { kind: "paid" } : { kind: "unavailable" };
  if (payment.state !== "Pending") return payment.state === "Paid" ? { kind: "paid" } : { kind: "unavailable" };
  const authorization = await paymentRailFor(session.mode).confirm({
    externalId: payment.externalId,
    methodId: session.pendingMethod,
    approved,
  });
  return settle(session, payment, session.pendingMethod, authorization, now);
}

async function settle(
  session: SessionWithTenant,
  payment: Payment,
  methodId: string,
  authorization: Authorization,
  now: Date,
): Promise<PayStep> {
  switch (authorization.status) {
    case "declined":
      return completeOnce(session, payment, authorization.reason, methodId, now, {
        kind: "declined",
        reason: authorization.reason,
      });
    case "requires_confirmation":
      await db.hostedSession.updateMany({
        where: { id: session.id, state: "Open" },
        data: { pendingPaymentId: payment.id, pendingMethod: methodId },
      });
      return { kind: "confirm" };
    case "succeeded":
      return completeOnce(session, payment, "succeeded", methodId, now, { kind: "paid" });
  }
}

/** Takes the rail's outcome; if another tab completed the payment a moment ago, that one counts. */
async function completeOnce(
  session: SessionWithTenant,
  payment: Payment,
  outcome: AttemptOutcome,
  methodId: string,
  now: Date,
  step: PayStep,
): Promise<PayStep> {
  try {
    await completePayment(session.tenant, session.mode, payment.id, outcome, now, {
      source: "hosted",
      method: methodId,
    });
    return step;
  } catch (error) {
    if (!(error instanceof AppError && error.code === "invalid-state")) throw error;
    const current = await db.payment.findUniqueOrThrow({ where: { id: payment.id } });
    return current.state === "Paid" ? { kind: "paid" } : { kind: "unavailable" };
  }
}
