// The one path by which a payment's outcome comes from a rail: whatever brought the news (the
// rail's signed callback, the payer's return to our page, the reconciliation poll), the rail is
// asked where its payment stands and that answer is applied. Every try the rail reports is
// recorded once (by its rail id); a success pays the payment once (completePayment refuses a
// second completion, and that counts as done). So a callback twice, late or out of order, or a
// return racing its callback, changes nothing more than one arrival would.
import { db } from "../db/client.ts";
import type { ApiMode, PaymentPurpose, PaymentState } from "../db/generated/enums.ts";
import type { Tenant } from "../db/generated/client.ts";
import { run, statement } from "../db/sql.ts";
import { tenantNow } from "../clock.ts";
import { AppError } from "../errors.ts";
import { railNamed } from "../outside-parties.ts";
import { completePayment } from "./complete-payment.ts";
import type { PaymentRail, RailTry } from "./payment-rail.ts";

/** Our payment's state after the rail's answer was applied; "unknown" when no payment of ours is at that rail payment. */
export type SettledState = "Paid" | "Pending" | "Other" | "unknown";

export async function settleRailPayment(rail: PaymentRail, railPaymentId: string): Promise<SettledState> {
  const payment = await paymentAtRail(rail.name, railPaymentId);
  // A rail payment we no longer point at was closed before we replaced it: it cannot pay.
  if (!payment) return "unknown";
  const status = await rail.paymentStatus(railPaymentId);
  // The rail's payment must be for what we asked: a success for another amount or currency is
  // not this payment's, and stays in the inbox for an operator rather than moving the trade.
  if (status.amountMinor !== payment.amountMinor || status.currency.toUpperCase() !== payment.currency.toUpperCase())
    throw new Error(
      `Rail payment ${railPaymentId} is for ${status.amountMinor} ${status.currency}, payment ${payment.id} for ${payment.amountMinor} ${payment.currency}`,
    );
  const recorded = new Set(payment.railAttemptIds);
  const now = tenantNow(payment.tenant, payment.mode);
  let state: SettledState = payment.state === "Paid" ? "Paid" : payment.state === "Pending" ? "Pending" : "Other";
  for (const attempt of status.tries) {
    if (recorded.has(attempt.id) || state !== "Pending") continue;
    if (attempt.outcome === "succeeded" && status.state !== "succeeded") continue; // not captured yet
    state = await takeTry(payment, attempt, now);
  }
  // The payment and its attempts were read by two statements: a try recorded between them (by a
  // callback or a return racing this one) was skipped as known, while the payment still read
  // Pending. Its state now is the answer.
  if (status.state === "succeeded" && state === "Pending") state = await currentState(payment.id);
  return state;
}

interface PaymentAtRail {
  id: string;
  state: PaymentState;
  purpose: PaymentPurpose;
  mode: ApiMode;
  amountMinor: bigint;
  currency: string;
  tenant: Tenant;
  /** The rail's ids of the tries already recorded. */
  railAttemptIds: (string | null)[];
}

/**
 * Our payment at a rail payment, with its tenant and the tries it recorded, in one statement (every
 * rail callback and sandbox completion asks it): the tenant's columns as they are, the payment's
 * under names of their own beside them.
 */
async function paymentAtRail(provider: string, railPaymentId: string): Promise<PaymentAtRail | null> {
  const [row] = await run<
    Tenant & {
      paymentId: string;
      paymentState: PaymentState;
      paymentPurpose: PaymentPurpose;
      paymentMode: ApiMode;
      paymentAmountMinor: bigint;
      paymentCurrency: string;
      railAttemptIds: (string | null)[];
    }
  >(statement`
    SELECT t.*, p."id" AS "paymentId", p."state" AS "paymentState", p."purpose" AS "paymentPurpose",
      p."mode" AS "paymentMode",
      p."amountMinor" AS "paymentAmountMinor", p."currency" AS "paymentCurrency",
      ARRAY(SELECT a."railAttemptId" FROM "PaymentAttempt" a WHERE a."paymentId" = p."id") AS "railAttemptIds"
    FROM "Payment" p JOIN "Tenant" t ON t."id" = p."tenantId"
    WHERE p."provider" = ${provider} AND p."railPaymentId" = ${railPaymentId}`);
  if (!row) return null;
  const {
    paymentId,
    paymentState,
    paymentPurpose,
    paymentMode,
    paymentAmountMinor,
    paymentCurrency,
    railAttemptIds,
    ...tenant
  } = row;
  return {
    id: paymentId,
    state: paymentState,
    purpose: paymentPurpose,
    mode: paymentMode,
    amountMinor: paymentAmountMinor,
    currency: paymentCurrency,
    tenant,
    railAttemptIds,
  };
}

async function currentState(paymentId: string): Promise<SettledState> {
  const current = await db.payment.findUniqueOrThrow({ where: { id: paymentId }, select: { state: true } });
  return current.state === "Paid" ? "Paid" : current.state === "Pending" ? "Pending" : "Other";
}

async function takeTry(payment: PaymentAtRail, attempt: RailTry, now: Date): Promise<SettledState> {
  const { tenant, mode, id: paymentId, purpose } = payment;
  try {
    await completePayment(
      tenant,
      mode,
      paymentId,
      attempt.outcome,
      now,
      { source: attempt.method === null ? "sandbox" : "rail", method: attempt.method, railAttemptId: attempt.id },
      purpose,
    );
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
