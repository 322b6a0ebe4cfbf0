// The simulated bank's disputes: the payer's bank taking a paid bank payment back (the sandbox's
// chargeback, as a card network's dispute is), then deciding it: `won` gives the money back to us,
// `lost` leaves it with the payer. The sandbox's endpoints open and close them; each change is told
// by the bank's signed callback (./send-callback.ts), and applying it reads the dispute back here
// (the rail's disputeStatus), as Stripe's disputes are read back from Stripe.
import { randomBytes } from "node:crypto";
import { db } from "../../db/client.ts";
import type { RailDisputeStatus } from "../payment-rail.ts";

const reference = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

export type BankDisputeState = RailDisputeStatus["state"];

/** The bank's answer: the dispute it opened, or why it opened none. */
export type BankDisputeOpening =
  { kind: "opened"; id: string } | { kind: "not_paid" } | { kind: "disputed"; id: string };

/**
 * Opens a dispute over what is left of a succeeded bank payment (its amount less the bank's
 * refunds). One dispute per payment, as card networks allow one per charge: a second is refused,
 * naming the first, whatever its state (a lost one already gave the money to the payer).
 */
export async function openBankDispute(input: {
  bankPaymentId: string;
  reason: string;
  now: Date;
}): Promise<BankDisputeOpening> {
  return db.$transaction(async (tx) => {
    // The bank payment's row is locked while its disputes are read: two at once cannot both open.
    const [payment] = await tx.$queryRaw<{ amountMinor: bigint; currency: string; state: string }[]>`
      SELECT "amountMinor", "currency", "state" FROM "SimulatedBankPayment" WHERE "id" = ${input.bankPaymentId} FOR UPDATE`;
    if (!payment || payment.state !== "succeeded") return { kind: "not_paid" };
    const earlier = await tx.simulatedBankDispute.findFirst({
      where: { bankPaymentId: input.bankPaymentId },
      select: { id: true },
    });
    if (earlier) return { kind: "disputed", id: earlier.id };
    const refunded = await tx.simulatedBankRefund.aggregate({
      where: { bankPaymentId: input.bankPaymentId },
      _sum: { amountMinor: true },
    });
    const left = payment.amountMinor - (refunded._sum.amountMinor ?? 0n);
    if (left <= 0n) return { kind: "not_paid" };
    const dispute = await tx.simulatedBankDispute.create({
      data: {
        id: reference("simdispute"),
        bankPaymentId: input.bankPaymentId,
        amountMinor: left,
        currency: payment.currency,
        reason: input.reason,
        createdAt: input.now,
      },
      select: { id: true },
    });
    return { kind: "opened", id: dispute.id };
  });
}

/** Decides an open dispute; false when it is not open (decided already, or unknown). */
export async function closeBankDispute(id: string, outcome: "won" | "lost", now: Date): Promise<boolean> {
  const { count } = await db.simulatedBankDispute.updateMany({
    where: { id, state: "open" },
    data: { state: outcome, closedAt: now },
  });
  return count === 1;
}

/**
 * Where a dispute stands, as the rail reports it. The bank keeps no metadata of ours (openPayment
 * stores no payment id): our payment is the one that was sent to the disputed bank payment, found
 * by the rail's id as a payment's own callbacks find it (lib/payments/settle-rail-payment.ts).
 */
export async function bankDisputeStatus(id: string, railName: string): Promise<RailDisputeStatus> {
  const dispute = await db.simulatedBankDispute.findUnique({ where: { id } });
  if (!dispute) throw new Error(`The simulated bank has no dispute ${id}`);
  const ours = await db.payment.findUnique({
    where: { provider_railPaymentId: { provider: railName, railPaymentId: dispute.bankPaymentId } },
    select: { id: true },
  });
  return {
    paymentId: ours?.id ?? null,
    amountMinor: dispute.amountMinor,
    currency: dispute.currency,
    reason: dispute.reason,
    state: dispute.state as BankDisputeState,
  };
}
