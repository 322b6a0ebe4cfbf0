// The one way to change a trade, whoever asks (API, hosted pages, console, sandbox, carrier events,
// payment outcomes, scheduler, payouts): open a transaction, take the trade's row lock first
// (store/lock.ts names the locks), let the use case look and decide, and apply its transitions
// through the transaction it is given: decide from the table, plan (plan-transition.ts), apply
// (store/apply-plan.ts). Nothing else may apply a plan or take a lock (eslint.config.mjs and
// tests/unit/trade-store-boundaries.test.ts keep it so).
import type { Trade } from "../db/generated/client.ts";
import { inTransaction, type Sql } from "../db/sql.ts";
import { AppError } from "../errors.ts";
import { metrics } from "../ops/metrics.ts";
import { assertLiveModeOpen } from "../outside-parties.ts";
import { planTransition, type TransitionRequest } from "./plan-transition.ts";
import { applyPlan, currentState } from "./store/apply-plan.ts";
import type { TradeLock } from "./store/lock.ts";
import type { TradeParts } from "./store/reads.ts";
import { decideOrThrow } from "./transition.ts";

export interface AppliedTransition {
  trade: Trade;
  events: string[];
  /** With `withParts`. */
  parts?: TradeParts;
}

/** What a use case holding a trade's lock may do in its transaction. */
export interface LockedTradeTransaction {
  /** The transaction, for the store's statements about the same trade (lib/trades/store). */
  readonly q: Sql;
  /** Decides `request.action` from the table for the trade's state and applies it; a 409 when not allowed. */
  transition(request: TransitionRequest): Promise<AppliedTransition>;
}

export function withLockedTrade<Locked, Result>(
  lock: TradeLock<Locked>,
  work: (locked: Locked, tx: LockedTradeTransaction) => Promise<Result>,
): Promise<Result> {
  return inTransaction(async (q) => {
    const { locked, trade } = await lock.take(q);
    const held = trade?.id;
    return work(locked, {
      q,
      transition: (request) => {
        if (request.trade.id !== held) throw new Error(`Trade ${request.trade.id} is not the one locked (${held})`);
        return transition(q, request);
      },
    });
  });
}

async function transition(q: Sql, request: TransitionRequest): Promise<AppliedTransition> {
  const { trade, action, actor } = request;
  // Every live change of a trade moves or commits real money; none runs on simulated providers,
  // whichever path (API, hosted page, console, scheduler) asked for it.
  assertLiveModeOpen(trade.mode);
  const rule = decideOrThrow(trade.state, action, actor);
  const applied = await applyPlan(q, planTransition(rule, request));
  if (!applied) {
    // Someone else moved the trade first. If it is now in a state where this action is not
    // allowed, say so (409 invalid-state); otherwise the caller may retry (409 conflict).
    const current = await currentState(q, trade.id);
    if (current && current !== trade.state) decideOrThrow(current, action, actor);
    throw new AppError("conflict", "The trade changed while this request was being handled. Read it again and retry.");
  }
  // Counted when applied inside the transaction: a rolled-back one is rare and still shows load.
  metrics().transitions.inc({ action });
  return { trade: applied.trade, events: [...rule.events], parts: applied.parts };
}
