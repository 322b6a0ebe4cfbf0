// Paying a pending payment from a hosted page (checkout or payment flow) with the method the payer
// chose: the one use case of the hosted payment. The rail is asked outside any transaction; its
// answer then takes the one path every outcome takes (completePayment: the payment's trade locked,
// the payment and its attempt recorded, the trade moved, and the hosted session that paid
// completed, all in one transaction). The rail answers paid, declined, or "the payer must
// confirm" (bank step-up or wallet app); the confirmation step then finishes it. A decline leaves
// the payment pending so that the payer can try another method. Paying twice never charges twice:
// the rail is called with the payment's externalId as its idempotency key, and the payment
// completes once; a second completion finds it Paid and counts as paid.
//
// An outcome that arrives later from outside (a provider's signed callback) is meant to take the
// same completePayment path, with no session: the page then learns it when it reads the payment.
import { db } from "../db/client.ts";
import type { Payment, Tenant } from "../db/generated/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import { AppError } from "../errors.ts";
import { paymentRailFor } from "../outside-parties.ts";
import { completePayment } from "./complete-payment.ts";
import type { AttemptOutcome } from "./payment-attempts.ts";
import type { Authorization } from "./payment-rail.ts";

/** The next step of the page after a pay or confirm form. */
export type PayStep =
  | { kind: "paid" }
  | { kind: "declined"; reason: "declined_by_bank" | "not_confirmed" }
  | { kind: "confirm" }
  | { kind: "unavailable" };

/** The hosted session that pays: the page's link, and a payment it waits to have confirmed. */
export interface PayingSession {
  id: string;
  tenant: Tenant;
  mode: ApiMode;
  pendingPaymentId: string | null;
  pendingMethod: string | null;
}

export async function payPendingPayment(
  session: PayingSession,
  paymentId: string,
  methodId: string,
  now: Date,
): Promise<PayStep> {
  const payment = await db.payment.findUniqueOrThrow({ where: { id: paymentId } });
  if (payment.state === "Paid") return paidAlready(session, now);
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
  return takeAnswer(session, payment, methodId, authorization, now);
}

/** The payer's answer on the confirmation step (their bank's page, or their wallet app). */
export async function confirmPendingPayment(session: PayingSession, approved: boolean, now: Date): Promise<PayStep> {
  if (!session.pendingPaymentId || !session.pendingMethod) return { kind: "unavailable" };
  const payment = await db.payment.findUniqueOrThrow({ where: { id: session.pendingPaymentId } });
  // Clear the step first: of two answers (double click, two tabs) only one is taken.
  const { count } = await db.hostedSession.updateMany({
    where: { id: session.id, pendingPaymentId: payment.id },
    data: { pendingPaymentId: null, pendingMethod: null },
  });
  if (payment.state === "Paid") return paidAlready(session, now);
  if (count !== 1 || payment.state !== "Pending") return { kind: "unavailable" };
  const authorization = await paymentRailFor(session.mode).confirm({
    externalId: payment.externalId,
    methodId: session.pendingMethod,
    approved,
  });
  return takeAnswer(session, payment, session.pendingMethod, authorization, now);
}

async function takeAnswer(
  session: PayingSession,
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

/** Takes the rail's outcome; if another tab (or the API) completed the payment a moment ago, that one counts. */
async function completeOnce(
  session: PayingSession,
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
      sessionId: session.id,
    });
    return step;
  } catch (error) {
    if (!(error instanceof AppError && error.code === "invalid-state")) throw error;
    const current = await db.payment.findUniqueOrThrow({ where: { id: payment.id } });
    return current.state === "Paid" ? paidAlready(session, now) : { kind: "unavailable" };
  }
}

/** Paid by another way (another tab, the API, the sandbox) before this page's answer: the page's session is done too. */
async function paidAlready(session: PayingSession, now: Date): Promise<PayStep> {
  await db.hostedSession.updateMany({
    where: { id: session.id, state: "Open" },
    data: { state: "Completed", completedAt: now, pendingPaymentId: null, pendingMethod: null },
  });
  return { kind: "paid" };
}
