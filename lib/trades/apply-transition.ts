// Applies one transition of the table to a trade, inside the caller's transaction: the state
// change (only if the trade is still in the state the guard saw), the phase timestamps, the next
// deadline, a timeline entry, the ledger transfers and the webhook events all commit together.
import { ApiError } from "../errors.ts";
import type { Prisma } from "../db/generated/client.ts";
import type { Trade } from "../db/generated/client.ts";
import { metrics } from "../ops/metrics.ts";
import { assertLiveModeOpen } from "../outside-parties.ts";
import { afterPostings, postingsFor, tradeBalances, writeTransfer, type LabelShares } from "../money/ledger.ts";
import { deadlineFor, keepsDeadline, type DeadlineSettings } from "./deadlines.ts";
import { hasOpenOffer, OFFER_CLOSED } from "./offer-state.ts";
import { TERMINAL_STATES } from "./states.ts";
import { decideOrThrow } from "./transition.ts";
import type { Action, Actor } from "./transition-table.ts";
import { writeTimelineAndEvents } from "./trade-events.ts";

export interface AppliedTransition {
  trade: Trade;
  events: string[];
}

export async function applyTransition(
  tx: Prisma.TransactionClient,
  trade: Trade,
  settings: DeadlineSettings,
  action: Action,
  actor: Actor,
  now: Date,
  details: Prisma.TradeUncheckedUpdateManyInput = {},
  /** Recorded with the timeline entry, e.g. which staff member acted in the console. */
  entryDetails?: Prisma.InputJsonValue,
  /** The label a label movement of the rule pays for. */
  label?: LabelShares,
): Promise<AppliedTransition> {
  // Every live change of a trade moves or commits real money; none runs on simulated providers,
  // whichever path (API, hosted page, console, scheduler) asked for it.
  assertLiveModeOpen(trade.mode);
  const rule = decideOrThrow(trade.state, action, actor);
  const timestamps = Object.fromEntries(rule.timestamps.map((column) => [column, now]));
  const moved = rule.to !== trade.state;
  const deadline = !moved || keepsDeadline(trade.state, rule.to) ? undefined : deadlineFor(rule.to, settings, now);
  // One counter per trade orders its timeline and its events: this transition's timeline entry
  // and first event take sequence + 1, further events the numbers after it.
  const sequence = trade.sequence + Math.max(1, rule.events.length);

  // Compare-and-set: the row changes only if nobody moved it since we read it (STYLE.md pattern 5),
  // answering the updated row in the same round trip.
  const [updated] = await tx.trade.updateManyAndReturn({
    where: { id: trade.id, tenantId: trade.tenantId, state: trade.state, sequence: trade.sequence },
    data: {
      // Leaving the state closes an open offer (an answer to it sets these itself).
      ...(moved && hasOpenOffer(trade) ? OFFER_CLOSED : {}),
      ...details,
      ...timestamps,
      state: rule.to,
      sequence,
      ...(deadline === undefined ? {} : { deadlineAt: deadline?.at ?? null, deadlineKind: deadline?.action ?? null }),
    },
  });
  if (!updated) {
    // Someone else moved the trade first. If it is now in a state where this action is not
    // allowed, say so (409 invalid-state); otherwise the caller may retry (409 conflict).
    const current = await tx.trade.findUnique({ where: { id: trade.id }, select: { state: true } });
    if (current && current.state !== trade.state) decideOrThrow(current.state, action, actor);
    throw new ApiError("conflict", "The trade changed while this request was being handled. Read it again and retry.");
  }

  if (rule.ledger.length) {
    let balances = await tradeBalances(tx, trade.id);
    for (const movement of rule.ledger) {
      // The updated row: a settlement's transition sets the refund its ledger movement reads.
      const postings = postingsFor(movement, updated, balances, label);
      await writeTransfer(
        tx,
        { tenantId: trade.tenantId, mode: trade.mode, tradeId: trade.id, currency: trade.currency },
        movement,
        postings,
        now,
      );
      balances = afterPostings(balances, postings);
    }
  }

  // A cancelled trade no longer holds its checkout keys (spec 8: at most one live checkout per key).
  if (rule.to === "Cancelled") await tx.checkoutKeyClaim.deleteMany({ where: { tradeId: trade.id } });
  // A trade that has ended leaves no payment to make: one still pending (the escrow payment of a
  // trade cancelled unpaid, a label never paid) is called off with it (decisions.md §9).
  if (moved && TERMINAL_STATES.has(rule.to))
    await tx.payment.updateMany({
      where: { tradeId: trade.id, state: "Pending" },
      data: { state: "Cancelled", updatedAt: now },
    });

  const entry = {
    sequence: trade.sequence + 1,
    action,
    actor,
    fromState: trade.state,
    toState: rule.to,
    details: entryDetails,
    occurredAt: now,
  };
  await writeTimelineAndEvents(tx, updated, entry, rule.events, trade.sequence + 1, now);
  // Counted when applied inside the transaction: a rolled-back one is rare and still shows load.
  metrics().transitions.inc({ action });
  return { trade: updated, events: [...rule.events] };
}
