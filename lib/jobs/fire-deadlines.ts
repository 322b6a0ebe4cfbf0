// Fires trade deadlines that have fallen due, each as an ordinary transition in its own
// transaction (decisions.md §3). Safe with several server instances: each trade is taken with
// its tenant's clock by a lock that skips a trade another instance holds (lib/trades/store/lock.ts
// withClock), and the transition itself is a compare-and-set. The sandbox clock endpoint waits for
// such a trade instead: its answer promises that what fell due has been done.
import type { ApiMode } from "../db/generated/enums.ts";
import { tenantNow } from "../clock.ts";
import { AppError } from "../errors.ts";
import { isLiveModeOpen } from "../outside-parties.ts";
import { payOutTrade } from "../payouts/pay-out-trade.ts";
import { offerClosedResumingDeadline } from "../trades/offer-state.ts";
import type { Action } from "../trades/transition-table.ts";
import { log } from "../ops/log.ts";
import { dueDeadlines } from "../trades/store/due-deadlines.ts";
import { tradeLocks } from "../trades/store/lock.ts";
import { withLockedTrade } from "../trades/with-locked-trade.ts";

export interface FiredDeadline {
  tradeId: string;
  action: string;
  state: string;
}

const BATCH = 100;

export interface FireOptions {
  /**
   * Wait for a trade another transaction holds instead of skipping it. The scheduler skips (the
   * holder is another instance firing the same deadline, or a request that moves the trade on);
   * the sandbox clock endpoint waits, or it could answer while another instance is half-way
   * through the payout it promises is done (the holder's next step is taken up, not repeated:
   * lib/payouts/pay-out-trade.ts).
   */
  waitForHeldTrades?: boolean;
  maxRounds?: number;
}

/**
 * Fires what is due now: live trades by real time, test-mode trades by their tenant's sandbox
 * clock. `only` limits it to one tenant's mode (the sandbox clock endpoint). While live mode is
 * closed (simulated providers), live deadlines wait: they fire once real providers are configured.
 */
export async function fireDueDeadlines(
  only?: { tenantId: string; mode: ApiMode },
  { waitForHeldTrades = false, maxRounds = 20 }: FireOptions = {},
): Promise<FiredDeadline[]> {
  const skipLocked = !waitForHeldTrades;
  const fired: FiredDeadline[] = [];
  const liveOpen = isLiveModeOpen();
  // Rounds, because one firing can make the next one due at once (auto-accept, then payout).
  for (let round = 0; round < maxRounds; round++) {
    const due = await dueNow(only, liveOpen);
    if (due.length === 0) break;
    let progressed = false;
    for (const { id, deadlineKind } of due) {
      const fire = deadlineKind === "payoutCompleted" ? firePayout : fireOne;
      const result = await guarded(id, (tradeId) => fire(tradeId, skipLocked));
      if (result) {
        fired.push(result);
        progressed = true;
      }
    }
    if (!progressed) break;
  }
  return fired;
}

function fireOne(tradeId: string, skipLocked: boolean): Promise<FiredDeadline | null> {
  return withLockedTrade(tradeLocks.withClock(tradeId, { skipLocked }), async (locked, tx) => {
    if (!locked) return null; // another instance is on it
    const { trade, tenant } = locked;
    const now = tenantNow(tenant, trade.mode);
    if (!trade.deadlineAt || !trade.deadlineKind || trade.deadlineAt > now) return null;
    const action = trade.deadlineKind as Action;
    // A lapsing offer gives the trade back the deadline it held (offer-state.ts).
    const details = action === "lapseOffer" ? offerClosedResumingDeadline(trade) : {};
    const { trade: moved } = await tx.transition({ trade, settings: tenant, action, actor: "scheduler", now, details });
    return { tradeId: trade.id, action, state: moved.state };
  });
}

/** The payout deadline has its own steps (lib/payouts/pay-out-trade.ts). */
async function firePayout(tradeId: string, skipLocked: boolean): Promise<FiredDeadline | null> {
  const step = await payOutTrade(tradeId, { skipLocked });
  return step && { tradeId, action: "payoutCompleted", state: step.state };
}

/**
 * A trade that moved meanwhile is not an error of the scheduler; anything else (a database error,
 * a payment rail out of reach) is logged, and the deadline is tried again on the next tick.
 */
async function guarded(
  tradeId: string,
  fire: (tradeId: string) => Promise<FiredDeadline | null>,
): Promise<FiredDeadline | null> {
  try {
    return await fire(tradeId);
  } catch (error) {
    if (error instanceof AppError && (error.code === "conflict" || error.code === "invalid-state")) return null;
    log.error(`Deadline of trade ${tradeId} failed`, error, { tradeId });
    return null;
  }
}

/** Of one tenant's mode or of all; live deadlines wait while live mode is closed. */
function dueNow(only: { tenantId: string; mode: ApiMode } | undefined, liveOpen: boolean) {
  const modes = (only ? [only.mode] : (["test", "live"] as const)).filter((mode) => liveOpen || mode === "test");
  return dueDeadlines(modes, only?.tenantId ?? null, BATCH);
}
