// The poll of payments left pending at a rail: a payer who paid and never came back, a callback
// the rail could not deliver or we lost. Each round asks the rail about the pending payments sent
// to it in the last two days (a rail's payment page lapses well before: Stripe's Checkout Session
// after at most a day), least recently asked first, and applies the answer through the path the
// callbacks take. A payment asked about within the last round (RAIL_POLL_INTERVAL_MS, a minute by
// default) waits for a later round, so that one payment is asked about at most once a round.
import { db } from "../db/client.ts";
import { settlePayment } from "./settle-rail-payment.ts";

const LOOK_BACK_MS = 48 * 60 * 60_000;
const ONE_ROUND_MS = 60_000;

export async function pollPendingRailPayments(
  now: Date,
  limit = 50,
  /** The scheduler's round: a payment asked about a round ago is asked again. */
  askAgainAfterMs = ONE_ROUND_MS,
): Promise<{ asked: number; paid: number }> {
  const due = await db.payment.findMany({
    where: {
      state: "Pending",
      railOpenedAt: { gt: new Date(now.getTime() - LOOK_BACK_MS) },
      OR: [{ railCheckedAt: null }, { railCheckedAt: { lte: new Date(now.getTime() - askAgainAfterMs) } }],
    },
    orderBy: { railCheckedAt: { sort: "asc", nulls: "first" } },
    take: limit,
    select: { id: true },
  });
  let paid = 0;
  for (const { id } of due) {
    await db.payment.updateMany({ where: { id }, data: { railCheckedAt: now } });
    try {
      if ((await settlePayment(id)) === "Paid") paid++;
    } catch (error) {
      console.warn(`poll: payment ${id} not settled: ${String(error)}`);
    }
  }
  return { asked: due.length, paid };
}
