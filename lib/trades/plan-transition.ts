// Planning a transition: what a rule of the table (transition-table.ts) does to one trade, as
// data. Pure: no database, no clock but the request's `now` (and the wall clock of `updatedAt`);
// store/apply-plan.ts turns the plan into one statement. tests/unit/plan-transition.test.ts
// checks plans beside the table.
import type { Prisma, Trade } from "../db/generated/client.ts";
import type { LedgerMovement } from "../money/ledger-kinds.ts";
import {
  afterPostings,
  postingsFor,
  transferRows,
  type Balances,
  type LabelShares,
  type TransferRows,
} from "../money/ledger.ts";
import { deadlineFor, keepsDeadline, type DeadlineSettings } from "./deadlines.ts";
import { hasOpenOffer, OFFER_CLOSED } from "./offer-state.ts";
import { TERMINAL_STATES } from "./states.ts";
import type { OutboxEventRow, TimelineEntryRow } from "./store/effects.ts";
import { tradeEvent } from "./trade-events.ts";
import type { Action, Actor, TransitionRule } from "./transition-table.ts";

export interface TransitionRequest {
  /** The trade as read under its row lock (lib/trades/with-locked-trade.ts). */
  trade: Trade;
  /** The tenant's deadline settings (the Tenant row has them). */
  settings: DeadlineSettings;
  action: Action;
  actor: Actor;
  now: Date;
  /** Columns the transition sets besides state, sequence, timestamps and deadline (a rejection's reason, an offer). */
  details?: Prisma.TradeUncheckedUpdateManyInput;
  /** Recorded with the timeline entry, e.g. which staff member acted in the console. */
  entryDetails?: Prisma.InputJsonValue;
  /** The label a label movement of the rule pays for. */
  label?: LabelShares;
  /**
   * The trade's ledger balances, read under its lock (lib/trades/act-on-trade.ts reads them right
   * behind it): with them, a movement that needs them is written by the transition's statement too.
   */
  balances?: Balances;
  /** Read the parts a Trade shows (its labels, the parties' accounts) in the same statement, to answer with it. */
  withParts?: boolean;
}

export interface TransitionPlan {
  /** The trade as locked: it changes only if it is still in this state, at this sequence (compare-and-set). */
  from: Trade;
  action: Action;
  /** The Trade's new column values. */
  columns: Record<string, unknown>;
  entry: TimelineEntryRow;
  events: OutboxEventRow[];
  /**
   * Ledger transfers written by the statement itself: those that need no balance (funding escrow,
   * paying a label), and with the request's `balances` those that do.
   */
  transfers: TransferRows[];
  /** Movements that need balances the request did not bring: written after the statement, one each, on the balances it read. */
  balanceMovements: LedgerMovement[];
  label?: LabelShares;
  /** An ended trade calls off its payments still pending (the escrow payment of an unpaid trade, a label unpaid). */
  callsOffPendingPayments: boolean;
  /** A cancelled trade frees its checkout keys. */
  freesCheckoutKeys: boolean;
  now: Date;
  withParts: boolean;
}

// A movement whose postings need no balance (the trade's own amounts, the label's shares) is
// written by the transition's statement, and so is one that needs them when the request brings
// the balances read under the lock; the others follow it. A transition that sets an amount its
// movement reads is not folded (the movement must see the updated row: every amount a movement
// reads is a `…Minor` column, lib/money/ledger.ts TradeAmounts), nor one that calls off payments
// (one statement may update a payment row only once).
const BALANCE_FREE = new Set<LedgerMovement>(["fundEscrow", "delivery_label", "return_label"]);
const NO_BALANCES: Balances = { escrow: 0n, payeePayable: 0n };

export function planTransition(rule: TransitionRule, request: TransitionRequest): TransitionPlan {
  const { trade, settings, action, actor, now } = request;
  const moved = rule.to !== trade.state;
  const deadline = !moved || keepsDeadline(trade.state, rule.to) ? undefined : deadlineFor(rule.to, settings, now);
  // One counter per trade orders its timeline and its events: this transition's timeline entry
  // and first event take sequence + 1, further events the numbers after it.
  const sequence = trade.sequence + Math.max(1, rule.events.length);
  const columns: Record<string, unknown> = {
    // Leaving the state closes an open offer (an answer to it sets these itself).
    ...(moved && hasOpenOffer(trade) ? OFFER_CLOSED : {}),
    ...request.details,
    ...Object.fromEntries(rule.timestamps.map((column) => [column, now])),
    state: rule.to,
    sequence,
    ...(deadline === undefined ? {} : { deadlineAt: deadline?.at ?? null, deadlineKind: deadline?.action ?? null }),
    // Prisma's @updatedAt: the wall clock, not the (sandbox) time of the transition.
    updatedAt: new Date(),
  };
  const callsOffPendingPayments = moved && TERMINAL_STATES.has(rule.to);
  const folds =
    rule.ledger.length > 0 &&
    rule.ledger.every((movement) => BALANCE_FREE.has(movement) || request.balances !== undefined) &&
    !Object.keys(request.details ?? {}).some((column) => column.endsWith("Minor")) &&
    !callsOffPendingPayments;
  return {
    from: trade,
    action,
    columns,
    entry: {
      sequence: trade.sequence + 1,
      action,
      actor,
      fromState: trade.state,
      toState: rule.to,
      details: request.entryDetails === undefined ? null : JSON.stringify(request.entryDetails),
    },
    events: rule.events.map((eventName, index) =>
      tradeEvent({ ...trade, state: rule.to }, eventName, trade.sequence + 1 + index, trade.state, now),
    ),
    transfers: folds ? foldedTransfers(rule.ledger, trade, request.balances ?? NO_BALANCES, request.label) : [],
    balanceMovements: folds ? [] : [...rule.ledger],
    label: request.label,
    callsOffPendingPayments,
    freesCheckoutKeys: rule.to === "Cancelled",
    now,
    withParts: request.withParts === true,
  };
}

/** The movements' transfers in order, each on the balances the ones before it left (as applyPlan does after the statement). */
function foldedTransfers(
  movements: readonly LedgerMovement[],
  trade: Trade,
  balances: Balances,
  label: LabelShares | undefined,
): TransferRows[] {
  const rows: TransferRows[] = [];
  let before = balances;
  for (const movement of movements) {
    const postings = postingsFor(movement, trade, before, label);
    const transfer = transferRows(trade.id, movement, postings);
    if (transfer) rows.push(transfer);
    before = afterPostings(before, postings);
  }
  return rows;
}
