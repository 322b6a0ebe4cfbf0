// The hold budget's warning (decisions.md §11): a rail holds a payer's money for a limited time
// from payment (./hold-budget.ts refuses deadline settings that would outlast it, but a dispute
// staff have not decided has no deadline). When a trade that has not ended comes within 7 days of
// its rail's budget, the tenant is told once: trade.hold_budget_ending, and the console's trade page
// shows it. Run by the worker's rail round.
import { db } from "../db/client.ts";
import { configuredRails } from "../outside-parties.ts";
import { appendHoldBudgetEvent } from "../trades/store/append-trade-event.ts";
import { tradeLocks } from "../trades/store/lock.ts";
import { markHoldBudgetWarned } from "../trades/store/rail-notice-rows.ts";
import { withLockedTrade } from "../trades/with-locked-trade.ts";
import { TERMINAL_STATES } from "../trades/states.ts";

const DAY_MS = 86_400_000;
export const HOLD_WARNING_DAYS = 7;

export async function warnOfHoldBudgets(now: Date, limit = 100): Promise<number> {
  let warned = 0;
  for (const rail of configuredRails()) {
    const budgetMs = rail.holdBudgetDays * DAY_MS;
    // Paid between the budget's start of the window and 7 days before it ends: the index on
    // Payment (provider, paidAt) reads only that window, however old the service is.
    const candidates = await db.$queryRaw<{ tradeId: string; paidAt: Date }[]>`
      SELECT p."tradeId", p."paidAt" FROM "Payment" p JOIN "Trade" t ON t."id" = p."tradeId"
      WHERE p."provider" = ${rail.name} AND p."purpose" = 'Escrow'
        AND p."paidAt" > ${new Date(now.getTime() - budgetMs - HOLD_WARNING_DAYS * DAY_MS)}
        AND p."paidAt" <= ${new Date(now.getTime() - budgetMs + HOLD_WARNING_DAYS * DAY_MS)}
        AND t."holdBudgetWarnedAt" IS NULL AND t."state"::text <> ALL(${[...TERMINAL_STATES]}::text[])
      LIMIT ${limit}`;
    for (const { tradeId, paidAt } of candidates) {
      const endsAt = new Date(paidAt.getTime() + budgetMs);
      const done = await withLockedTrade(tradeLocks.withClock(tradeId, { skipLocked: true }), async (locked, tx) => {
        if (!locked || TERMINAL_STATES.has(locked.trade.state)) return false;
        if (!(await markHoldBudgetWarned(tx.q, tradeId, now))) return false;
        await appendHoldBudgetEvent(tx.q, tradeId, endsAt, now);
        return true;
      });
      if (done) warned++;
    }
  }
  return warned;
}
