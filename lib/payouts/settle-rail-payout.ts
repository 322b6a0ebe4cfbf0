// The rail's later news of a payout it accepted: its callback (lib/payments/receive-rail-callback.ts)
// or the poll of payouts still out. Either way the rail is asked where the payout stands (the
// callback's own data is not trusted) and the outcome is recorded under the trade's lock the way
// the payout's own step records it (./pay-out-trade.ts), once: a second piece of news finds the
// try no longer Pending and changes nothing.
import { db } from "../db/client.ts";
import { railNamed } from "../outside-parties.ts";
import { tradeLocks } from "../trades/store/lock.ts";
import { withLockedTrade } from "../trades/with-locked-trade.ts";
import { outcomeOf, recordOutcome, type PayoutStep } from "./pay-out-trade.ts";

/** Brings our Payout try up to date from its rail; null when there is nothing (more) to record. */
export async function settleRailPayout(payoutId: string): Promise<PayoutStep> {
  const payout = await db.payout.findUnique({ where: { id: payoutId } });
  // Not ours, already final, or not yet recorded as sent (its own step records the rail's answer).
  if (!payout || payout.state !== "Pending" || !payout.provider || !payout.railAccountId || !payout.providerPayoutId)
    return null;
  const status = await railNamed(payout.provider).payoutStatus({
    railAccountId: payout.railAccountId,
    railPayoutId: payout.providerPayoutId,
  });
  if (status.state === "waiting" || status.state === "pending") return null;
  return withLockedTrade(tradeLocks.withClock(payout.tradeId, { skipLocked: false }), (locked, tx) =>
    recordOutcome(tx, locked!, payout, outcomeOf(status)),
  );
}

// A bank answers a payout within a few days; a payout asked about lately waits for a later round.
const ASK_AGAIN_AFTER_MS = 15 * 60_000;

/** The poll: payouts the rail accepted and whose outcome no callback brought, least recently asked first. */
export async function pollSentPayouts(now: Date, limit = 50): Promise<{ asked: number; settled: number }> {
  const due = await db.payout.findMany({
    where: {
      state: "Pending",
      sentAt: { not: null },
      OR: [{ railCheckedAt: null }, { railCheckedAt: { lt: new Date(now.getTime() - ASK_AGAIN_AFTER_MS) } }],
    },
    orderBy: { sentAt: "asc" },
    take: limit,
    select: { id: true },
  });
  let settled = 0;
  for (const { id } of due) {
    await db.payout.updateMany({ where: { id }, data: { railCheckedAt: now } });
    try {
      if (await settleRailPayout(id)) settled++;
    } catch (error) {
      console.warn(`poll: payout ${id} not settled: ${String(error)}`);
    }
  }
  return { asked: due.length, settled };
}
