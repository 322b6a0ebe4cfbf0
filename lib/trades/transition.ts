// Deciding a transition: look the (state, action, actor) up in the table, or refuse it with the
// 409 invalid-state that names the current state and where the action is allowed.
import { AppError } from "../errors.ts";
import { TRANSITIONS, type Action, type Actor, type TransitionRule } from "./transition-table.ts";
import { TRADE_STATES, type TradeState } from "./states.ts";

export type Decision = { ok: true; rule: TransitionRule } | { ok: false; allowedIn: TradeState[] };

export function decide(state: TradeState, action: Action, actor: Actor): Decision {
  const rule = TRANSITIONS[state]?.[action];
  if (rule && rule.actors.includes(actor)) return { ok: true, rule };
  return { ok: false, allowedIn: statesAllowing(action, actor) };
}

/** The states in which `actor` may take `action`. */
export function statesAllowing(action: Action, actor: Actor): TradeState[] {
  return TRADE_STATES.filter((state) => TRANSITIONS[state]?.[action]?.actors.includes(actor));
}

const ACTION_WORDS: Partial<Record<Action, string>> = {
  acceptInvitation: "accept the invitation",
  rejectInvitation: "reject the invitation",
  abandon: "abandon the trade",
  escrowPaid: "pay into escrow",
  cancel: "cancel the trade",
  buyDeliveryLabel: "buy the delivery label",
  acceptCondition: "accept the item condition",
  rejectCondition: "reject the item condition",
  acceptRejection: "accept the rejection",
  disputeRejection: "dispute the rejection",
  buyReturnLabel: "buy the return label",
  acceptReturnCondition: "accept the returned item",
  rejectReturnCondition: "reject the returned item",
  settle: "settle the trade",
  makeOffer: "offer a price reduction",
  acceptOffer: "accept the offer",
  declineOffer: "decline the offer",
};

/**
 * A staff action is judged on the trade the page showed: a trade that moved since is refused
 * (409 invalid-state) rather than decided blindly.
 */
export function refuseIfMovedSince(trade: { state: string }, expectedState: string): void {
  if (trade.state !== expectedState)
    throw new AppError(
      "invalid-state",
      `The trade is now \`${trade.state}\`, not \`${expectedState}\`: look at it again.`,
    );
}

/** The rule, or the API's invalid-state error ("cannot cancel: trade is `Sent`; …"). */
export function decideOrThrow(state: TradeState, action: Action, actor: Actor): TransitionRule {
  const decision = decide(state, action, actor);
  if (decision.ok) return decision.rule;
  const what = ACTION_WORDS[action] ?? action;
  const where = decision.allowedIn.length
    ? `allowed only when the trade is ${decision.allowedIn.map((s) => `\`${s}\``).join(", ")}`
    : `never allowed for the ${actor}`;
  throw new AppError("invalid-state", `The ${actor} cannot ${what}: the trade is \`${state}\`; this is ${where}.`);
}
