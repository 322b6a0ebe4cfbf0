// The one path by which a payment's outcome comes from a rail: whatever brought the news (the
// rail's signed callback, the payer's return to our page, the reconciliation poll), the rail is
// asked where its payment stands and that answer is applied. Every try the rail reports is
// recorded once (by its rail id); a success pays the payment once (completePayment refuses a
// second completion, and that counts as done). So a callback twice, late or out of order, or a
// return racing its callback, changes nothing more than one arrival would.
import { db } from "../db/client.ts";
import { tenantNow } from "../clock.ts";
import { AppError } from "../errors.ts";
import { railNamed } from "../outside-parties.ts";
import { completePayment } from "./complete-payment.ts";
import type { PaymentRail, RailTry } from "./payment-rail.ts";

/** Our payment's state after the rail's answer was applied; "unknown" when no payment of ours is at that rail payment. */
export type SettledState = "Paid" | "Pending" | "Other" | "unknown";

export async function settleRailPayment(rail: PaymentRail, railPaymentId: string): Promise<SettledState> {
  const payment = await db.payment.findUnique({
    where: { provider_railPaymentId: { provider: rail.name, railPaymentId } },
    select: {
      id: true,
      state: true,
      mode: true,
      amountMinor: true,
      currency: true,
      tenant: true,
      attempts: { select: { railAttemptId: true } },
    },
  });
  // A rail payment we no longer point at was closed before we replaced it: it cannot pay.
  if (!payment) return "unknown";
  const status = await rail.paymentStatus(railPaymentId);
  // The rail's payment must be for what we asked: a success for another amount or currency is
  // not this payment's, and stays in the inbox for an operator rather than moving the trade.
  if (status.amountMinor !== payment.amountMinor || status.currency.toUpperCase() !== payment.currency.toUpperCase())
    throw new Error(
      `Rail payment ${railPaymentId} is for ${status.amountMinor} ${status.currency}, payment ${payment.id} for ${payment.amountMinor} ${payment.currency}`,
    );
  const recorded = new Set(payment.attempts.map((a) => a.railAttemptId));
  const now = tenantNow(payment.tenant, payment.mode);
  let state: SettledState = payment.state === "Paid" ? "Paid" : payment.state === "Pending" ? "Pending" : "Other";
  for (const attempt of status.tries) {
    if (recorded.has(attempt.id) || state !== "Pending") continue;
    if (attempt.outcome === "succeeded" && status.state !== "succeeded") continue; // not captured yet
    state = await takeTry(payment.tenant, payment.mode, payment.id, attempt, now);
  }
  // The payment and its attempts were read by two statements: a try recorded between them (by a
  // callback or a return racing this one) was skipped as known, while the payment still read
  // Pending. Its state now is the answer.
  if (status.state === "succeeded" && state === "Pending") state = await currentState(payment.id);
  return state;
}

async function currentState(paymentId: string): Promise<SettledState> {
  const current = await db.payment.findUniqueOrThrow({ where: { id: paymentId }, select: { state: true } });
  return current.state === "Paid" ? "Paid" : current.state === "Pending" ? "Pending" : "Other";
}

async function takeTry(
  tenant: Parameters<typeof completePayment>[0],
  mode: Parameters<typeof completePayment>[1],
  paymentId: string,
  attempt: RailTry,
  now: Date,
): Promise<SettledState> {
  try {
    await completePayment(tenant, mode, paymentId, attempt.outcome, now, {
      source: attempt.method === null ? "sandbox" : "rail",
      method: attempt.method,
      railAttemptId: attempt.id,
    });
    return attempt.outcome === "succeeded" ? "Paid" : "Pending";
  } catch (error) {
    // Completed meanwhile by another arrival of the same news: that one counts.
    if (!(error instanceof AppError && error.code === "invalid-state")) throw error;
    return currentState(paymentId);
  }
}

/** Our payment brought up to date from the rail it was sent to (the payer's return, the poll). */
export async function settlePayment(paymentId: string): Promise<SettledState> {
  const payment = await db.payment.findUniqueOrThrow({
    where: { id: paymentId },
    select: { state: true, provider: true, railPaymentId: true },
  });
  if (payment.state !== "Pending" || !payment.railPaymentId)
    return payment.state === "Paid" ? "Paid" : payment.state === "Pending" ? "Pending" : "Other";
  return settleRailPayment(railNamed(payment.provider), payment.railPaymentId);
}
