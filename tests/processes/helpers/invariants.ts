// What must hold in the database after any number of crashes, read back from the rows alone:
// every trade's state agrees with its timeline, its events and its ledger; every transfer is
// balanced; finished trades hold nothing in escrow; at most one escrow payment per trade and one
// live trade per checkout key; every event was delivered, and never more often than attempted.
import { db } from "../../../lib/db/client.ts";
import { decide } from "../../../lib/trades/transition.ts";
import type { Action, Actor } from "../../../lib/trades/transition-table.ts";
import type { TradeState } from "../../../lib/trades/states.ts";
import type { Received } from "../../helpers/webhook-receiver.ts";

const FINISHED = ["Succeeded", "Released", "Cancelled", "Returned"];

export interface Checked {
  trades: number;
  transitions: number;
  events: number;
  transfers: number;
  /** Receipts beyond the first of one webhook-id: attempts whose worker died before recording them. */
  redelivered: number;
}

/** Returns the problems found (empty: all hold) and what was checked. */
export async function checkInvariants(
  tenantIds: string[],
  received: Received[],
): Promise<{ problems: string[]; checked: Checked }> {
  const problems: string[] = [];
  const trades = await db.trade.findMany({
    where: { tenantId: { in: tenantIds } },
    select: { id: true, state: true, sequence: true },
  });
  const entries = await db.tradeTimelineEntry.findMany({
    where: { tradeId: { in: trades.map((t) => t.id) } },
    orderBy: [{ tradeId: "asc" }, { sequence: "asc" }],
  });
  const events = await db.outboxEvent.findMany({
    where: { tenantId: { in: tenantIds } },
    include: { deliveries: { include: { attempts: true } } },
  });
  const transfers = await db.ledgerTransfer.findMany({
    where: { tenantId: { in: tenantIds } },
    include: { postings: true },
  });
  let transitions = 0;

  for (const trade of trades) {
    const own = entries.filter((e) => e.tradeId === trade.id);
    const expectedEvents: string[] = [];
    const expectedMoves: string[] = [];
    let state: TradeState | null = null;
    for (const entry of own) {
      if (entry.action === "initiate") {
        if (state !== null || entry.toState !== "Created")
          problems.push(`trade ${trade.id}: initiate entry out of place`);
        state = "Created";
        continue;
      }
      transitions++;
      if (entry.fromState !== state)
        problems.push(
          `trade ${trade.id}: entry ${entry.sequence} starts in ${entry.fromState}, the previous ended in ${state}`,
        );
      const decision = decide(entry.fromState!, entry.action as Action, entry.actor as Actor);
      if (!decision.ok || decision.rule.to !== entry.toState) {
        problems.push(
          `trade ${trade.id}: entry ${entry.sequence} ${entry.fromState} -${entry.action}-> ${entry.toState} is not in the transition table`,
        );
      } else {
        decision.rule.events.forEach((name, i) => expectedEvents.push(`${entry.sequence + i} ${name}`));
        expectedMoves.push(...decision.rule.ledger);
      }
      state = entry.toState;
    }
    if (state !== trade.state)
      problems.push(`trade ${trade.id}: state ${trade.state}, but its timeline ends in ${state}`);

    const written = events
      .filter((e) => e.tradeId === trade.id && e.eventName.startsWith("trade."))
      .map((e) => `${e.sequence} ${e.eventName}`);
    if (sorted(written).join() !== sorted(expectedEvents).join())
      problems.push(
        `trade ${trade.id}: events [${sorted(written)}] but its transitions emit [${sorted(expectedEvents)}]`,
      );

    const own_transfers = transfers.filter((t) => t.tradeId === trade.id);
    const moves = own_transfers
      .filter((t) => ["fundEscrow", "refundPayer", "settle", "payout"].includes(t.kind))
      .map((t) => t.kind);
    // A movement with nothing to move writes no transfer (writeTransfer skips all-zero postings).
    for (const kind of new Set(moves)) {
      if (count(moves, kind) > count(expectedMoves, kind))
        problems.push(
          `trade ${trade.id}: ${count(moves, kind)} ${kind} transfers, its transitions make ${count(expectedMoves, kind)}`,
        );
    }
    for (const kind of ["fundEscrow", "settle", "payout"]) {
      if (count(expectedMoves, kind) !== count(moves, kind))
        problems.push(
          `trade ${trade.id}: ${count(moves, kind)} ${kind} transfers, its transitions make ${count(expectedMoves, kind)}`,
        );
    }
    const escrow = own_transfers
      .flatMap((t) => t.postings)
      .filter((p) => p.account === "escrow")
      .reduce((sum, p) => sum + p.amountMinor, 0n);
    if (FINISHED.includes(trade.state) && escrow !== 0n)
      problems.push(`trade ${trade.id}: ${trade.state} but ${escrow} left in escrow`);
  }

  for (const transfer of transfers) {
    const sum = transfer.postings.reduce((total, p) => total + p.amountMinor, 0n);
    if (sum !== 0n) problems.push(`transfer ${transfer.id} (${transfer.kind}) sums to ${sum}`);
  }

  const paid = await db.payment.groupBy({
    by: ["tradeId"],
    where: { tenantId: { in: tenantIds }, purpose: "Escrow", state: { in: ["Paid", "Refunded"] } },
    _count: true,
  });
  for (const row of paid) if (row._count > 1) problems.push(`trade ${row.tradeId}: ${row._count} paid escrow payments`);
  const live = await db.trade.groupBy({
    by: ["tenantId", "checkoutUniquenessKey"],
    where: { tenantId: { in: tenantIds }, checkoutUniquenessKey: { not: null }, state: { not: "Cancelled" } },
    _count: true,
  });
  for (const row of live)
    if (row._count > 1) problems.push(`checkout key ${row.checkoutUniquenessKey}: ${row._count} live trades`);

  // Webhooks: one delivery per event (one subscription per tenant), succeeded by a recorded 2xx
  // attempt, received at least once and at most once per attempt made.
  const receipts = new Map<string, number>();
  for (const r of received) receipts.set(r.headers["webhook-id"]!, (receipts.get(r.headers["webhook-id"]!) ?? 0) + 1);
  let redelivered = 0;
  for (const event of events) {
    const [delivery, ...more] = event.deliveries;
    const times = receipts.get(event.id) ?? 0;
    redelivered += Math.max(0, times - 1);
    if (!delivery || more.length)
      problems.push(`event ${event.id} (${event.eventName}): ${event.deliveries.length} deliveries`);
    else if (delivery.status !== "Succeeded")
      problems.push(`event ${event.id} (${event.eventName}): delivery ${delivery.status}`);
    else {
      // Usually one 2xx attempt. More only when a worker's record of its attempt was delayed past
      // the lease (a database outage) and another worker attempted again: both requests were made
      // and both are kept. Never more 2xx attempts than the receiver saw.
      const successes = delivery.attempts.filter((a) => a.responseStatus !== null && a.responseStatus < 300).length;
      if (successes === 0) problems.push(`event ${event.id}: succeeded with no successful attempt recorded`);
      if (successes > times)
        problems.push(`event ${event.id}: ${successes} successful attempts recorded, ${times} received`);
    }
    if (times === 0) problems.push(`event ${event.id} (${event.eventName}) was never received`);
    if (delivery && times > delivery.attemptCount)
      problems.push(`event ${event.id}: received ${times} times in ${delivery.attemptCount} attempts`);
  }
  const known = new Set(events.map((e) => e.id));
  for (const id of receipts.keys()) if (!known.has(id)) problems.push(`received ${id}, which is no committed event`);

  return {
    problems,
    checked: { trades: trades.length, transitions, events: events.length, transfers: transfers.length, redelivered },
  };
}

const sorted = (list: string[]) => [...list].sort();
const count = (list: string[], item: string) => list.filter((x) => x === item).length;
