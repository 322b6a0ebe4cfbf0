// Finance's reconciliation: the ledger against the payment records and the payout records, per
// trade, and every transfer against zero. Each check is one query that returns only what
// disagrees (at most LIMIT rows, with how many there are), so the page says "all agree" or lists
// the trades to look at. Three queries, side by side, whatever the tenant's size (each reads the
// mode's ledger and records once).
import { db } from "../../db/client.ts";
import type { ApiMode } from "../../db/generated/enums.ts";

const LIMIT = 50;

export interface Disagreement {
  check: "payments" | "payouts" | "transfers";
  tradeId: string | null;
  /** What the ledger says and what the records say, in minor units, named for the reader. */
  figures: { label: string; ledgerMinor: bigint; recordMinor: bigint }[];
  note: string;
}

export interface Reconciliation {
  agree: boolean;
  /** Per check, how many trades (or transfers) disagree; only the first LIMIT of each are listed. */
  counts: Record<Disagreement["check"], number>;
  disagreements: Disagreement[];
}

type Scope = { tenantId: string; mode: ApiMode };

/**
 * The escrow payment: what the ledger took in (`fundEscrow` from `payer_funding`) is the amount of
 * a paid record, and what it gave back (`payer_refund`) is the record's `refundedAmount`, with a
 * state that says so (Refunded when all of it, PartiallyRefunded when part, else Paid). The label
 * payments: what a label's buyer paid in apart from escrow (the label transfers' `payer_funding`
 * and `payee_funding`) is the amount of the trade's paid label payments.
 */
function paymentsQuery(scope: Scope) {
  return db.$queryRaw<
    {
      tradeId: string;
      ledgerPaid: bigint;
      recordPaid: bigint;
      ledgerRefunded: bigint;
      recordRefunded: bigint;
      ledgerLabels: bigint;
      recordLabels: bigint;
      stateAgrees: boolean;
      total: bigint;
    }[]
  >`
    WITH ledger AS (
      SELECT t."tradeId",
        -COALESCE(sum(p."amountMinor") FILTER (WHERE t."kind" = 'fundEscrow' AND p."account" =
    'payer_funding'), 0) AS "paid",
        COALESCE(sum(p."amountMinor") FILTER (WHERE p."account" = 'payer_refund'), 0) AS "refunded",
        -COALESCE(sum(p."amountMinor") FILTER (WHERE t."kind" IN ('delivery_label', 'return_label') AND
    p."account" IN ('payer_funding', 'payee_funding')), 0) AS "labels"
      FROM "LedgerTransfer" t JOIN "LedgerPosting" p ON p."transferId" = t."id"
      WHERE t."tenantId" = ${scope.tenantId} AND t."mode" = ${scope.mode}::"ApiMode" AND t."tradeId" IS NOT
    NULL
      GROUP BY t."tradeId"),
    record AS (
      SELECT "tradeId",
        COALESCE(sum("amountMinor") FILTER (WHERE "purpose" = 'Escrow' AND "state" IN ('Paid',
    'PartiallyRefunded', 'Refunded')), 0) AS "paid",
        COALESCE(sum("refundedMinor") FILTER (WHERE "purpose" = 'Escrow'), 0) AS "refunded",
        COALESCE(sum("amountMinor") FILTER (WHERE "purpose" <> 'Escrow' AND "state" = 'Paid'), 0) AS "labels",
        bool_and("purpose" <> 'Escrow' OR CASE "state"
          WHEN 'Refunded' THEN "refundedMinor" = "amountMinor"
          WHEN 'PartiallyRefunded' THEN "refundedMinor" > 0 AND "refundedMinor" < "amountMinor"
          ELSE "refundedMinor" = 0 END) AS "stateAgrees"
      FROM "Payment"
      WHERE "tenantId" = ${scope.tenantId} AND "mode" = ${scope.mode}::"ApiMode"
      GROUP BY "tradeId")
    SELECT COALESCE(l."tradeId", r."tradeId") AS "tradeId",
      COALESCE(l."paid", 0)::bigint AS "ledgerPaid", COALESCE(r."paid", 0)::bigint AS "recordPaid",
      COALESCE(l."refunded", 0)::bigint AS "ledgerRefunded", COALESCE(r."refunded", 0)::bigint AS
    "recordRefunded",
      COALESCE(l."labels", 0)::bigint AS "ledgerLabels", COALESCE(r."labels", 0)::bigint AS "recordLabels",
      COALESCE(r."stateAgrees", true) AS "stateAgrees", count(*) OVER () AS "total"
    FROM ledger l FULL JOIN record r ON r."tradeId" = l."tradeId"
    WHERE COALESCE(l."paid", 0) <> COALESCE(r."paid", 0) OR COALESCE(l."refunded", 0) <> COALESCE(r."refunded",
    0)
      OR COALESCE(l."labels", 0) <> COALESCE(r."labels", 0) OR NOT COALESCE(r."stateAgrees", true)
    ORDER BY 1 LIMIT ${LIMIT}`;
}

/** Payouts: what reached the payee's bank in the ledger is what the Paid payout records say, paid once. */
function payoutsQuery(scope: Scope) {
  return db.$queryRaw<
    { tradeId: string; ledgerPaid: bigint; recordPaid: bigint; paidRecords: bigint; total: bigint }[]
  >`
    WITH ledger AS (
      SELECT p."tradeId", sum(p."amountMinor") AS "paid"
      FROM "LedgerTransfer" t JOIN "LedgerPosting" p ON p."transferId" = t."id"
      WHERE t."tenantId" = ${scope.tenantId} AND t."mode" = ${scope.mode}::"ApiMode" AND p."account" = 'payee_bank'
      GROUP BY p."tradeId"),
    record AS (
      SELECT "tradeId", sum("amountMinor") AS "paid", count(*) AS "paidRecords"
      FROM "Payout" WHERE "tenantId" = ${scope.tenantId} AND "mode" = ${scope.mode}::"ApiMode" AND "state" = 'Paid'
      GROUP BY "tradeId")
    SELECT COALESCE(l."tradeId", r."tradeId") AS "tradeId", COALESCE(l."paid", 0)::bigint AS "ledgerPaid", COALESCE(r."paid", 0)::bigint AS "recordPaid",
      COALESCE(r."paidRecords", 0)::bigint AS "paidRecords", count(*) OVER () AS "total"
    FROM ledger l FULL JOIN record r ON r."tradeId" = l."tradeId"
    WHERE COALESCE(l."paid", 0) <> COALESCE(r."paid", 0) OR COALESCE(r."paidRecords", 0) > 1
    ORDER BY 1 LIMIT ${LIMIT}`;
}

/** The ledger against itself: every transfer's postings sum to zero. */
function transfersQuery(scope: Scope) {
  return db.$queryRaw<{ tradeId: string | null; id: string; kind: string; sum: bigint; total: bigint }[]>`
    SELECT t."tradeId", t."id", t."kind", sum(p."amountMinor")::bigint AS "sum", count(*) OVER () AS "total"
    FROM "LedgerTransfer" t JOIN "LedgerPosting" p ON p."transferId" = t."id"
    WHERE t."tenantId" = ${scope.tenantId} AND t."mode" = ${scope.mode}::"ApiMode"
    GROUP BY t."id" HAVING sum(p."amountMinor") <> 0
    ORDER BY t."id" LIMIT ${LIMIT}`;
}

export async function reconcile(scope: Scope): Promise<Reconciliation> {
  const [payments, payouts, transfers] = await Promise.all([
    paymentsQuery(scope),
    payoutsQuery(scope),
    transfersQuery(scope),
  ]);
  const disagreements: Disagreement[] = [
    ...payments.map((row): Disagreement => ({
      check: "payments",
      tradeId: row.tradeId,
      figures: [
        { label: "Paid in", ledgerMinor: row.ledgerPaid, recordMinor: row.recordPaid },
        { label: "Refunded", ledgerMinor: row.ledgerRefunded, recordMinor: row.recordRefunded },
        { label: "Labels paid", ledgerMinor: row.ledgerLabels, recordMinor: row.recordLabels },
      ],
      note: row.stateAgrees
        ? "The payment records do not show what the ledger moved."
        : "The escrow payment's state does not match its refunded amount.",
    })),
    ...payouts.map((row): Disagreement => ({
      check: "payouts",
      tradeId: row.tradeId,
      figures: [{ label: "Paid out", ledgerMinor: row.ledgerPaid, recordMinor: row.recordPaid }],
      note:
        row.paidRecords > 1n
          ? `${row.paidRecords} payouts are Paid for this trade.`
          : "The Paid payouts do not match what the ledger paid out.",
    })),
    ...transfers.map((row): Disagreement => ({
      check: "transfers",
      tradeId: row.tradeId,
      figures: [{ label: `Transfer ${row.kind} sums to`, ledgerMinor: row.sum, recordMinor: 0n }],
      note: `Transfer ${row.id} does not balance.`,
    })),
  ];
  const counts = {
    payments: Number(payments[0]?.total ?? 0),
    payouts: Number(payouts[0]?.total ?? 0),
    transfers: Number(transfers[0]?.total ?? 0),
  };
  return { agree: disagreements.length === 0, counts, disagreements };
}
