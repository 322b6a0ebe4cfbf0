// The engine's property tests (tests/integration/*-property-db.test.ts) walk trades through random
// histories: at each step a number chooses one of the moves the transition table allows from the
// trade's state, mostly onward so that histories reach settlements and payouts.
import type { Trade } from "../../lib/db/generated/client.ts";
import { refundableMinor } from "../../lib/money/settlement.ts";
import type { TradeState } from "../../lib/trades/states.ts";
import { TRANSITIONS, type Action, type Actor } from "../../lib/trades/transition-table.ts";

/** Every (action, actor) the table allows from `state`. */
function movesFrom(state: TradeState): [Action, Actor][] {
  return Object.entries(TRANSITIONS[state] ?? {}).flatMap(([action, rule]) =>
    rule!.actors.map((actor) => [action as Action, actor] as [Action, Actor]),
  );
}

/**
 * The move `choice` picks from the trade's state: one in `allMovesEvery` choices from every move,
 * cancellations included, the others from the moves that do not cancel. A settlement's caller
 * names the payer's refund (lib/trades/settle-trade.ts): any amount up to what the payer paid in
 * for the item. Null when the state allows no move (the trade has ended).
 */
export function randomMove(
  trade: Trade,
  choice: number,
  allMovesEvery: number,
): { action: Action; actor: Actor; details: { settlementRefundMinor?: bigint } } | null {
  const all = movesFrom(trade.state);
  if (!all.length) return null;
  const onward = all.filter(([a]) => TRANSITIONS[trade.state]?.[a]?.to !== "Cancelled");
  const pool = choice % allMovesEvery && onward.length ? onward : all;
  const [action, actor] = pool[choice % pool.length]!;
  const details = TRANSITIONS[trade.state]?.[action]?.ledger.includes("settleWithRefund")
    ? { settlementRefundMinor: BigInt(choice) % (refundableMinor(trade) + 1n) }
    : {};
  return { action, actor, details };
}
