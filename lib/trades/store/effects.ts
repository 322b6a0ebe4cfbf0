// The writes that follow a change of a trade, each written once as a named part (a CTE) of a
// statement: the transition's (apply-plan.ts), a ledger transfer's (ledger-rows.ts), a trade
// event's (append-trade-event.ts). Each part reads the trade it belongs to from a CTE of the
// statement named by `from` ("id", "tenantId", "mode", "currency": the Trade's own columns), so
// nothing is written when that CTE is empty (a compare-and-set that found the trade changed).
import type { TransferRows } from "../../money/ledger.ts";
import type { StatementParts } from "./statement-parts.ts";

export interface TimelineEntryRow {
  sequence: number;
  action: string;
  actor: string;
  /** Null for the entry that starts the timeline (initiation). */
  fromState: string | null;
  toState: string;
  /** JSON text, or null. */
  details: string | null;
}

export interface OutboxEventRow {
  id: string;
  eventName: string;
  sequence: number;
  /** JSON text. */
  payload: string;
}

export const timelineEntry = (s: StatementParts, from: string, entry: TimelineEntryRow, at: string) => `
  entry AS (
    INSERT INTO "TradeTimelineEntry" ("tradeId", "sequence", "action", "actor", "fromState", "toState", "details",
      "occurredAt")
    SELECT f."id", ${s.param(entry.sequence)}::int, ${s.param(entry.action)}, ${s.param(entry.actor)},
      ${s.param(entry.fromState)}::"TradeState", ${s.param(entry.toState)}::"TradeState", ${s.param(entry.details)}::jsonb,
      ${at}::timestamp
    FROM ${from} f)`;

/** The trade's webhook events, ordered per trade by their sequence (lib/webhooks). */
export const outboxEvents = (s: StatementParts, from: string, events: OutboxEventRow[], at: string) => `
  events AS (
    INSERT INTO "OutboxEvent" ("id", "tenantId", "mode", "eventName", "tradeId", "orderingKey", "sequence", "payload",
      "createdAt")
    SELECT e."id", f."tenantId", f."mode", e."eventName", f."id", 'trade:' || f."id", e."sequence", e."payload"::jsonb,
      ${at}::timestamp
    FROM ${from} f, unnest(${s.param(events.map((e) => e.id))}::text[], ${s.param(events.map((e) => e.eventName))}::text[],
      ${s.param(events.map((e) => e.sequence))}::int[], ${s.param(events.map((e) => e.payload))}::text[])
      AS e("id", "eventName", "sequence", "payload"))`;

/** The transfers and their postings, in order: amounts go as text, exact, cast to bigint. */
export function ledgerTransfers(s: StatementParts, from: string, transfers: TransferRows[], at: string): string {
  const postings = transfers.flatMap((t) => t.postings.map((p) => ({ transferId: t.id, ...p })));
  return `
  transfers AS (
    INSERT INTO "LedgerTransfer" ("id", "tenantId", "mode", "tradeId", "kind", "currency", "createdAt")
    SELECT x."id", f."tenantId", f."mode", f."id", x."kind", f."currency", ${at}::timestamp
    FROM ${from} f, unnest(${s.param(transfers.map((t) => t.id))}::text[], ${s.param(transfers.map((t) => t.kind))}::text[])
      AS x("id", "kind")
    RETURNING "id", "tenantId", "tradeId"),
  postings AS (
    INSERT INTO "LedgerPosting" ("transferId", "tenantId", "tradeId", "account", "amountMinor")
    SELECT p."transferId", x."tenantId", x."tradeId", p."account", p."amountMinor"::bigint
    FROM unnest(${s.param(postings.map((p) => p.transferId))}::text[], ${s.param(postings.map((p) => p.account))}::text[],
      ${s.param(postings.map((p) => p.amountMinor.toString()))}::text[]) WITH ORDINALITY
      AS p("transferId", "account", "amountMinor", "position")
    JOIN transfers x ON x."id" = p."transferId"
    ORDER BY p."position")`;
}

/**
 * Money back to the payer is a refund of the trade's escrow payment: whoever writes a transfer
 * with a payer_refund posting writes this part with it, so that no path that refunds (cancel, lost
 * parcel, return, staff decision, unused shipping) can forget the payment's record, nor the
 * refund the rail must then pay back (a RailRefund row, sent after the commit by
 * lib/payments/send-rail-refunds.ts).
 */
export function escrowRefund(s: StatementParts, from: string, refundMinor: bigint, at: string): string {
  const amount = s.param(refundMinor.toString());
  return `
  refund AS (
    UPDATE "Payment" pay
    SET "refundedMinor" = pay."refundedMinor" + ${amount}::bigint,
        "state" = CASE WHEN pay."refundedMinor" + ${amount}::bigint >= pay."amountMinor" THEN 'Refunded'
          ELSE 'PartiallyRefunded' END::"PaymentState",
        "refundedAt" = ${at}::timestamp, "updatedAt" = ${at}::timestamp
    FROM ${from} f
    WHERE pay."tenantId" = f."tenantId" AND pay."mode" = f."mode" AND pay."tradeId" = f."id"
      AND pay."purpose" = 'Escrow' AND pay."state" IN ('Paid', 'PartiallyRefunded')
    RETURNING pay."id", pay."tenantId", pay."mode", pay."currency"),
  rail_refund AS (
    INSERT INTO "RailRefund" ("id", "tenantId", "mode", "paymentId", "amountMinor", "currency", "createdAt", "nextTryAt")
    SELECT gen_random_uuid()::text, r."tenantId", r."mode", r."id", ${amount}::bigint, r."currency", ${at}::timestamp, ${at}::timestamp
    FROM refund r)`;
}

/** A trade that has ended leaves no payment to make: one still pending is called off with it (docs/money.md). */
export const callOffPendingPayments = (from: string, at: string) => `
  payments AS (
    UPDATE "Payment" pay SET "state" = 'Cancelled', "updatedAt" = ${at}::timestamp
    FROM ${from} f
    WHERE pay."tenantId" = f."tenantId" AND pay."mode" = f."mode" AND pay."tradeId" = f."id" AND pay."state" = 'Pending')`;

/** A cancelled trade no longer holds its checkout keys (at most one live checkout per key). */
export const freeCheckoutKeys = (from: string) => `
  claims AS (DELETE FROM "CheckoutKeyClaim" c USING ${from} f WHERE c."tradeId" = f."id")`;

/** The trade's escrow and payee-payable balances, as the statement began. */
export const ledgerBalances = (tradeId: string) => `
  balances AS (
    SELECT coalesce(sum(p."amountMinor") FILTER (WHERE p."account" = 'escrow'), 0)::bigint AS "escrow",
           coalesce(sum(p."amountMinor") FILTER (WHERE p."account" = 'payee_payable'), 0)::bigint AS "payeePayable"
    FROM "LedgerPosting" p WHERE p."tradeId" = ${tradeId} AND p."account" IN ('escrow', 'payee_payable'))`;
