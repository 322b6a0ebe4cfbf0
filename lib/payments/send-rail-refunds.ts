// Refunds reach the rail after the transaction that refunded the payment in the ledger committed
// (lib/trades/store/effects.ts writes a RailRefund with it): an outside call never runs inside a
// transaction, and a crash between the commit and the call loses nothing, since the row waits. The
// scheduler's rail round sends what is due; each try carries the idempotency key `refund-<id>`, so
// a try repeated after a crash (the rail answered, we did not record it) gets the same refund
// back, never a second one. The outcome comes by the rail's callback or by asking later
// (settleRailRefund), the path payments take.
import { db } from "../db/client.ts";
import type { RailRefund } from "../db/generated/client.ts";
import { railNamed } from "../outside-parties.ts";
import { RailUnavailable, type RailRefundStatus } from "./payment-rail.ts";

const MINUTE = 60_000;
/** Waits before the next try or question: 1, 2, 4 … minutes, at most an hour. */
const backoffMs = (tries: number) => Math.min(60 * MINUTE, 2 ** Math.min(tries, 6) * MINUTE);

/** Sends the refunds that are due and asks about those sent a while ago. */
export async function sendDueRefunds(now: Date, limit = 50): Promise<{ sent: number; settled: number }> {
  const due = await db.railRefund.findMany({
    where: { state: { in: ["Pending", "Sent"] }, nextTryAt: { lte: now } },
    orderBy: { nextTryAt: "asc" },
    take: limit,
  });
  let sent = 0;
  let settled = 0;
  for (const refund of due) {
    // Taken by this round (the next try pushed back first): two instances never try one refund at once.
    const { count } = await db.railRefund.updateMany({
      where: { id: refund.id, state: refund.state, tries: refund.tries },
      data: { tries: { increment: 1 }, nextTryAt: new Date(now.getTime() + backoffMs(refund.tries)) },
    });
    if (count !== 1) continue;
    try {
      if (refund.state === "Pending") sent += (await send(refund, now)) ? 1 : 0;
      else if (await settleRailRefund(refund.provider!, refund.railRefundId!)) settled++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db.railRefund.update({ where: { id: refund.id }, data: { lastError: message.slice(0, 500) } });
      if (!(error instanceof RailUnavailable)) console.error(`refund ${refund.id} not sent: ${message}`);
    }
  }
  return { sent, settled };
}

async function send(refund: RailRefund, now: Date): Promise<boolean> {
  const payment = await db.payment.findUniqueOrThrow({
    where: { id: refund.paymentId },
    select: { provider: true, railPaymentId: true },
  });
  // Paid before payments went through a rail payment (or completed by a test directly): no money
  // is at a rail to give back, and the ledger's refund is the whole of it.
  if (!payment.railPaymentId) {
    await db.railRefund.update({
      where: { id: refund.id },
      data: { state: "Succeeded", provider: payment.provider, settledAt: now, lastError: null },
    });
    return false;
  }
  const rail = railNamed(payment.provider);
  const answer = await rail.refund({
    idempotencyKey: `refund-${refund.id}`,
    railPaymentId: payment.railPaymentId,
    amountMinor: refund.amountMinor,
    currency: refund.currency,
    refundId: refund.id,
  });
  await db.railRefund.update({
    where: { id: refund.id },
    data: {
      provider: rail.name,
      railRefundId: answer.railRefundId,
      sentAt: now,
      lastError: null,
      ...stateOf(answer.status, now),
    },
  });
  return true;
}

/** Asks the rail where a refund stands and records it; true once it is settled either way. */
export async function settleRailRefund(provider: string, railRefundId: string): Promise<boolean> {
  const status = await railNamed(provider).refundStatus(railRefundId);
  if (status.state === "pending") return false;
  await db.railRefund.updateMany({
    where: { provider, railRefundId, state: "Sent" },
    data: stateOf(status, new Date()),
  });
  return true;
}

function stateOf(status: RailRefundStatus, now: Date) {
  switch (status.state) {
    case "pending":
      return { state: "Sent" as const };
    case "succeeded":
      return { state: "Succeeded" as const, settledAt: now };
    case "failed":
      return { state: "Failed" as const, settledAt: now, lastError: status.reason };
  }
}
