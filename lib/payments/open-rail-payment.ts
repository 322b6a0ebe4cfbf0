// Sending the payer to the rail to pay a pending payment: the rail payment they were sent to
// before while the rail still takes it (a second tab, the back button, a payer who returns later),
// else a new one. A payment has at most one rail payment the payer can pay at a time: a new one is
// opened only once the rail says the old one is closed (or after closing it), and it is recorded
// with a compare-and-set on the old one, so two tabs racing end at the same rail payment (the
// same idempotency key opens the same one at the rail).
import { db } from "../db/client.ts";
import { sql } from "../db/sql.ts";
import type { Payment } from "../db/generated/client.ts";
import { paymentRailFor, railNamed } from "../outside-parties.ts";
import { RailUnavailable, type PaymentRail } from "./payment-rail.ts";
import { settlePayment, settleRailPayment } from "./settle-rail-payment.ts";

/** Where the payer goes next: the rail's page, back to the tenant (paid), or nowhere (not payable now). */
export type PaymentStep =
  | { kind: "redirect"; url: string; provider: string; railPaymentId: string }
  | { kind: "paid" }
  | { kind: "unavailable" }
  | { kind: "railUnreachable" };

type RailStep = Exclude<PaymentStep, { kind: "railUnreachable" }>;

/** Our pages the rail sends the payer back to. */
export type RailPages = { returnUrl: string; cancelUrl: string };

/** The payer's step to pay the payment; a rail out of reach is a step (the page says so), not an error. */
export async function stepToRail(paymentId: string, pages: RailPages): Promise<PaymentStep> {
  try {
    return await openRailPayment(paymentId, pages);
  } catch (error) {
    if (!(error instanceof RailUnavailable)) throw error;
    console.warn(`payment ${paymentId}: ${error.message}`);
    return { kind: "railUnreachable" };
  }
}

/**
 * Opens (or reuses) the payment's rail payment; RailUnavailable when the rail cannot be reached.
 * Takes the payment's row when the caller has just read it (the sandbox's completion), else its id.
 */
export async function openRailPayment(paymentOrId: string | Payment, pages: RailPages): Promise<RailStep> {
  const payment =
    typeof paymentOrId === "string" ? await db.payment.findUniqueOrThrow({ where: { id: paymentOrId } }) : paymentOrId;
  if (payment.state === "Paid") return { kind: "paid" };
  if (payment.state !== "Pending") return { kind: "unavailable" };
  const rail = paymentRailFor(payment.mode);
  const current = payment.provider === rail.name ? payment.railPaymentId : null;
  if (current && payment.railRedirectUrl) {
    const reused = await stillPayable(rail, current, payment.railRedirectUrl);
    if (reused) return reused;
  }
  const opened = await rail.openPayment({
    // Derived from what it replaces: a retry (crash, double click) opens the same rail payment.
    idempotencyKey: `payment-${payment.id}-after-${current ?? "none"}`,
    paymentId: payment.id,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    description: payment.purpose === "Escrow" ? "Payment into escrow" : "Shipping label",
    ...pages,
  });
  // The compare-and-set on the rail payment it replaces, as plain SQL (lib/db/sql.ts): it is on
  // every payer's way to pay, and the journey's only statement left that went through Prisma.
  const recorded = await sql<{ id: string }>(
    `UPDATE "Payment" SET "provider" = $1, "railPaymentId" = $2, "railRedirectUrl" = $3, "railOpenedAt" = now(),
       "railCheckedAt" = NULL, "updatedAt" = now()
     WHERE "id" = $4 AND "state" = 'Pending' AND "railPaymentId" IS NOT DISTINCT FROM $5 RETURNING "id"`,
    [rail.name, opened.railPaymentId, opened.redirectUrl, payment.id, payment.railPaymentId],
  );
  if (recorded.length === 1)
    return { kind: "redirect", url: opened.redirectUrl, provider: rail.name, railPaymentId: opened.railPaymentId };
  // Another request recorded its rail payment first (or the payment was paid meanwhile).
  const now = await db.payment.findUniqueOrThrow({ where: { id: payment.id } });
  if (now.state === "Paid") return { kind: "paid" };
  if (now.railPaymentId !== opened.railPaymentId) await rail.closePayment(opened.railPaymentId);
  return now.state === "Pending" && now.railRedirectUrl && now.railPaymentId
    ? { kind: "redirect", url: now.railRedirectUrl, provider: now.provider, railPaymentId: now.railPaymentId }
    : { kind: "unavailable" };
}

/** The payer goes back to the rail payment they were sent to, unless the rail closed it. */
async function stillPayable(rail: PaymentRail, railPaymentId: string, redirectUrl: string): Promise<RailStep | null> {
  const status = await rail.paymentStatus(railPaymentId);
  if (status.state === "succeeded") {
    // Paid at the rail, its news not here yet: take it now.
    return (await settleRailPayment(rail, railPaymentId)) === "Paid" ? { kind: "paid" } : { kind: "unavailable" };
  }
  return status.state === "closed" ? null : { kind: "redirect", url: redirectUrl, provider: rail.name, railPaymentId };
}

/**
 * Before a pending payment is called off (the payer cancels the checkout): the rail payment they
 * were sent to is closed, so it can no longer take money, and asked once more, so a payment that
 * went through a moment before is taken rather than lost. Answers whether it is paid.
 */
export async function closeRailPayment(paymentId: string): Promise<"Paid" | "closed"> {
  const payment = await db.payment.findUniqueOrThrow({
    where: { id: paymentId },
    select: { state: true, provider: true, railPaymentId: true },
  });
  if (payment.state === "Paid") return "Paid";
  if (payment.state !== "Pending" || !payment.railPaymentId) return "closed";
  await railNamed(payment.provider).closePayment(payment.railPaymentId);
  return (await settlePayment(paymentId)) === "Paid" ? "Paid" : "closed";
}
