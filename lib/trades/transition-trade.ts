// The one pipeline every change of a trade's state goes through, whoever asks (API, hosted pages,
// console, sandbox, carrier events, payment rail, scheduler): decide from the table, then apply in
// the caller's transaction, which already holds the trade's row lock (lib/trades/store/lock.ts).
//
// Applying is one statement: the compare-and-set of the trade (only if it is still in the state
// and at the sequence the caller read), its timeline entry, its webhook events, the pending
// payments a finished trade calls off and the checkout keys a cancelled one frees, all as
// data-modifying CTEs of the UPDATE, answering the updated row and the ledger balances from before
// it (and, for a caller that answers with the Trade, the parts a Trade shows). A ledger movement that needs no balance (funding escrow, paying a label) is a CTE of the same
// statement; one that moves a balance (refund, settle, payout) follows it, one statement each
// (lib/money/ledger.ts). So a transition costs 1 + (its balance movements) round trips in the
// caller's driver transaction (lib/db/sql.ts inTransaction), whoever the caller is.
import { AppError } from "../errors.ts";
import type { Prisma, Trade } from "../db/generated/client.ts";
import { statement, type Sql } from "../db/sql.ts";
import { metrics } from "../ops/metrics.ts";
import { assertLiveModeOpen } from "../outside-parties.ts";
import {
  afterPostings,
  postingsFor,
  transferRows,
  writeTransfer,
  type Balances,
  type LabelShares,
  type TransferRows,
} from "../money/ledger.ts";
import type { LedgerMovement } from "../money/ledger-kinds.ts";
import { deadlineFor, keepsDeadline, type DeadlineSettings } from "./deadlines.ts";
import { hasOpenOffer, OFFER_CLOSED } from "./offer-state.ts";
import { TERMINAL_STATES } from "./states.ts";
import { RELATED_COLUMNS, RELATED_JOINS, splitParts, type TradeParts } from "./store/reads.ts";
import { tradeEvent } from "./trade-events.ts";
import { decideOrThrow } from "./transition.ts";
import type { Action, Actor } from "./transition-table.ts";

export interface TransitionRequest {
  /** The trade as read under its row lock. */
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
  /** Read the parts a Trade shows (its labels, the parties' accounts) in the same statement, to answer with it. */
  withParts?: boolean;
}

export interface AppliedTransition {
  trade: Trade;
  events: string[];
  /** With `withParts`. */
  parts?: TradeParts;
}

/** Trade columns a transition may set: plain identifiers only, since they are written into the SQL text. */
const COLUMN = /^[A-Za-z]+$/;

// Movements whose postings need no balance (the trade's own amounts, the label's shares) are
// written by the transition's statement itself; the others need the balances it answers and
// follow it, one statement each. A transition that sets an amount its movement reads is not
// folded (the movement must see the updated row), nor one that calls off payments (one statement
// may update a payment row only once).
const BALANCE_FREE = new Set<LedgerMovement>(["fundEscrow", "delivery_label", "return_label"]);
const AMOUNT_COLUMNS = ["payerTotalMinor", "shippingPayerMinor", "payeePayoutMinor", "serviceRevenueMinor"];
const NO_BALANCES: Balances = { escrow: 0n, payeePayable: 0n };

export async function transitionTrade(q: Sql, request: TransitionRequest): Promise<AppliedTransition> {
  const { trade, settings, action, actor, now } = request;
  // Every live change of a trade moves or commits real money; none runs on simulated providers,
  // whichever path (API, hosted page, console, scheduler) asked for it.
  assertLiveModeOpen(trade.mode);
  const rule = decideOrThrow(trade.state, action, actor);
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
  const names = Object.keys(columns);
  const bad = names.find((name) => !COLUMN.test(name));
  if (bad) throw new Error(`Not a Trade column: ${bad}`);
  const events = rule.events.map((eventName, index) =>
    tradeEvent({ ...trade, state: rule.to }, eventName, trade.sequence + 1 + index, trade.state, now),
  );

  const cancelsPayments = moved && TERMINAL_STATES.has(rule.to);
  const folds =
    rule.ledger.length > 0 &&
    rule.ledger.every((movement) => BALANCE_FREE.has(movement)) &&
    !AMOUNT_COLUMNS.some((column) => column in (request.details ?? {})) &&
    !cancelsPayments;
  const transfers = folds
    ? rule.ledger
        .map((movement) => transferRows(trade.id, movement, postingsFor(movement, trade, NO_BALANCES, request.label)))
        .filter((rows) => rows !== null)
    : [];

  const [row] = await q<Record<string, unknown>>(
    applyStatement(trade, names, columns, {
      events,
      entry: {
        sequence: trade.sequence + 1,
        action,
        actor,
        toState: rule.to,
        details: request.entryDetails === undefined ? null : JSON.stringify(request.entryDetails),
      },
      now,
      cancelsPayments,
      freesCheckoutKeys: rule.to === "Cancelled",
      readsBalances: rule.ledger.length > 0 && !folds,
      transfers,
      withParts: request.withParts === true,
    }),
  );
  if (!row) {
    // Someone else moved the trade first. If it is now in a state where this action is not
    // allowed, say so (409 invalid-state); otherwise the caller may retry (409 conflict).
    const [current] = await q<{ state: Trade["state"] }>(
      statement`SELECT "state" FROM "Trade" WHERE "id" = ${trade.id}`,
    );
    if (current && current.state !== trade.state) decideOrThrow(current.state, action, actor);
    throw new AppError("conflict", "The trade changed while this request was being handled. Read it again and retry.");
  }
  const { rest, parts } = request.withParts
    ? splitParts<Answer>(row)
    : { rest: row as unknown as Answer, parts: undefined };
  const { balanceEscrow, balancePayeePayable, ...updated } = rest;

  let balances: Balances = { escrow: balanceEscrow ?? 0n, payeePayable: balancePayeePayable ?? 0n };
  for (const movement of folds ? [] : rule.ledger) {
    // The updated row: a settlement's transition sets the refund its ledger movement reads.
    const postings = postingsFor(movement, updated, balances, request.label);
    // Awaited, although nothing reads its answer: the tests' Prisma transactions run a statement
    // only when it is awaited (tests/helpers/apply-transition.ts).
    await writeTransfer(
      q,
      { tenantId: trade.tenantId, mode: trade.mode, tradeId: trade.id, currency: trade.currency },
      movement,
      postings,
      now,
    );
    balances = afterPostings(balances, postings);
  }
  // Counted when applied inside the transaction: a rolled-back one is rare and still shows load.
  metrics().transitions.inc({ action });
  return { trade: updated, events: [...rule.events], parts };
}

type Answer = Trade & { balanceEscrow: bigint; balancePayeePayable: bigint };

interface Writes {
  events: ReturnType<typeof tradeEvent>[];
  entry: { sequence: number; action: string; actor: string; toState: string; details: string | null };
  now: Date;
  cancelsPayments: boolean;
  freesCheckoutKeys: boolean;
  readsBalances: boolean;
  /** Ledger transfers written by this statement (movements that need no balance). */
  transfers: TransferRows[];
  withParts: boolean;
}

/**
 * The statement. The new column values arrive as one JSON object that jsonb_populate_record casts
 * to the Trade row type, so each value gets its column's type (enum, timestamp, bigint, json)
 * without a cast written per column. Timestamps are UTC ISO strings: `timestamp` ignores the zone,
 * as Prisma stores them. The CTEs that write depend on `moved`, so nothing is written when the
 * compare-and-set finds the trade changed. Only the CTEs this transition needs are written: each
 * one in the text costs PostgreSQL its tables and indexes opened and locked on every execution,
 * even when it writes nothing (so the statement has a few shapes, each prepared once).
 */
function applyStatement(trade: Trade, names: string[], columns: Record<string, unknown>, writes: Writes) {
  const values: unknown[] = [];
  /** The next parameter ($n) for `value`; dates go as UTC ISO strings, as statement`` sends them. */
  const p = (value: unknown) => {
    values.push(value instanceof Date ? value.toISOString() : value);
    return `$${values.length}`;
  };
  const json = JSON.stringify(columns, (_key, value: unknown) =>
    typeof value === "bigint" ? value.toString() : value,
  );
  const assignments = names.map((name) => `"${name}" = i."${name}"`).join(", ");
  const { entry, events, transfers } = writes;
  const postings = transfers.flatMap((t) => t.postings.map((x) => ({ transferId: t.id, ...x })));
  const refundMinor = transfers.reduce((sum, t) => sum + t.refundMinor, 0n);
  // Values several CTEs use take one parameter, given at its first use: PostgreSQL refuses a
  // parameter the text never uses (it cannot tell its type).
  const shared = (value: unknown) => {
    let name: string | undefined;
    return () => (name ??= p(value));
  };
  const [tradeId, tenantId, mode, now] = [trade.id, trade.tenantId, trade.mode, writes.now].map(shared) as [
    () => string,
    () => string,
    () => string,
    () => string,
  ];
  const ctes = [
    `i AS (SELECT * FROM jsonb_populate_record(NULL::"Trade", ${p(json)}::jsonb))`,
    writes.readsBalances &&
      `balances AS (
      SELECT coalesce(sum(p."amountMinor") FILTER (WHERE p."account" = 'escrow'), 0)::bigint AS "escrow",
             coalesce(sum(p."amountMinor") FILTER (WHERE p."account" = 'payee_payable'), 0)::bigint AS "payeePayable"
      FROM "LedgerPosting" p WHERE p."tradeId" = ${tradeId()} AND p."account" IN ('escrow', 'payee_payable'))`,
    `moved AS (
      UPDATE "Trade" t SET ${assignments} FROM i
      WHERE t."id" = ${tradeId()} AND t."tenantId" = ${tenantId()} AND t."state" = ${p(trade.state)}::"TradeState"
        AND t."sequence" = ${p(trade.sequence)}
      RETURNING t.*)`,
    `entry AS (
      INSERT INTO "TradeTimelineEntry" ("tradeId", "sequence", "action", "actor", "fromState", "toState", "details",
        "occurredAt")
      SELECT moved."id", ${p(entry.sequence)}::int, ${p(entry.action)}, ${p(entry.actor)},
        ${p(trade.state)}::"TradeState", ${p(entry.toState)}::"TradeState", ${p(entry.details)}::jsonb, ${now()}::timestamp
      FROM moved)`,
    events.length > 0 &&
      `events AS (
      INSERT INTO "OutboxEvent" ("id", "tenantId", "mode", "eventName", "tradeId", "orderingKey", "sequence", "payload",
        "createdAt")
      SELECT e."id", moved."tenantId", moved."mode", e."eventName", moved."id", ${p(`trade:${trade.id}`)}, e."sequence",
        e."payload"::jsonb, ${now()}::timestamp
      FROM moved, unnest(${p(events.map((e) => e.id))}::text[], ${p(events.map((e) => e.eventName))}::text[],
        ${p(events.map((e) => e.sequence))}::int[], ${p(events.map((e) => e.payload))}::text[])
        AS e("id", "eventName", "sequence", "payload"))`,
    // A trade that has ended leaves no payment to make: one still pending (the escrow payment of a
    // trade cancelled unpaid, a label never paid) is called off with it (docs/money.md).
    writes.cancelsPayments &&
      `payments AS (
      UPDATE "Payment" SET "state" = 'Cancelled', "updatedAt" = ${now()}::timestamp
      WHERE "tenantId" = ${tenantId()} AND "mode" = ${mode()}::"ApiMode" AND "tradeId" = ${tradeId()} AND "state" = 'Pending'
        AND EXISTS (SELECT 1 FROM moved))`,
    // A cancelled trade no longer holds its checkout keys (at most one live checkout per key).
    writes.freesCheckoutKeys &&
      `claims AS (DELETE FROM "CheckoutKeyClaim" WHERE "tradeId" = ${tradeId()} AND EXISTS (SELECT 1 FROM moved))`,
    // The movements that need no balance (lib/money/ledger.ts writeTransfer writes the others the
    // same way): the transfers, their postings in order, and the payer's refund on the payment.
    transfers.length > 0 &&
      `transfers AS (
      INSERT INTO "LedgerTransfer" ("id", "tenantId", "mode", "tradeId", "kind", "currency", "createdAt")
      SELECT x."id", moved."tenantId", moved."mode", moved."id", x."kind", moved."currency", ${now()}::timestamp
      FROM moved, unnest(${p(transfers.map((t) => t.id))}::text[], ${p(transfers.map((t) => t.kind))}::text[])
        AS x("id", "kind")
      RETURNING "id"),
    postings AS (
      INSERT INTO "LedgerPosting" ("transferId", "tenantId", "tradeId", "account", "amountMinor")
      SELECT p."transferId", ${tenantId()}, ${tradeId()}, p."account", p."amountMinor"::bigint
      FROM unnest(${p(postings.map((x) => x.transferId))}::text[], ${p(postings.map((x) => x.account))}::text[],
        ${p(postings.map((x) => x.amountMinor.toString()))}::text[]) WITH ORDINALITY
        AS p("transferId", "account", "amountMinor", "position")
      JOIN transfers ON transfers."id" = p."transferId"
      ORDER BY p."position")`,
    refundMinor > 0n &&
      `refund AS (
      UPDATE "Payment"
      SET "refundedMinor" = "refundedMinor" + ${p(refundMinor.toString())}::bigint,
          "state" = CASE WHEN "refundedMinor" + ${p(refundMinor.toString())}::bigint >= "amountMinor" THEN 'Refunded'
            ELSE 'PartiallyRefunded' END::"PaymentState",
          "refundedAt" = ${now()}::timestamp, "updatedAt" = ${now()}::timestamp
      WHERE "tenantId" = ${tenantId()} AND "mode" = ${mode()}::"ApiMode" AND "tradeId" = ${tradeId()}
        AND "purpose" = 'Escrow' AND "state" IN ('Paid', 'PartiallyRefunded') AND EXISTS (SELECT 1 FROM moved))`,
  ].filter((cte) => cte !== false);
  // The parts' joins read the labels and accounts as this statement began, which none of its
  // writes touch.
  const text = `WITH ${ctes.join(",\n    ")}
    SELECT t.*, ${writes.readsBalances ? `b."escrow"` : "0::bigint"} AS "balanceEscrow",
      ${writes.readsBalances ? `b."payeePayable"` : "0::bigint"} AS "balancePayeePayable"
      ${writes.withParts ? `, ${RELATED_COLUMNS}` : ""}
    FROM moved t ${writes.readsBalances ? "LEFT JOIN balances b ON true" : ""} ${writes.withParts ? RELATED_JOINS : ""}`;
  return { text, values };
}
