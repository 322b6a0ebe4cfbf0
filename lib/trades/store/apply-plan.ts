// Applying a transition's plan (lib/trades/plan-transition.ts) in the caller's transaction, which
// holds the trade's row lock: one statement, the compare-and-set of the trade with the effects the
// plan names (effects.ts) as data-modifying CTEs, answering the updated row, the ledger balances
// from before it and, for a caller that answers with the Trade, the parts a Trade shows. A ledger
// movement that needs those balances is one of the statement's transfers when the request brought
// the balances read under the lock (lib/trades/plan-transition.ts); otherwise it follows, one
// statement each (ledger-rows.ts). So a transition costs 1 + (its balance movements left to
// after) round trips. Only lib/trades/with-locked-trade.ts calls it (eslint.config.mjs).
import type { Trade } from "../../db/generated/client.ts";
import { statement, type Sql } from "../../db/sql.ts";
import { afterPostings, postingsFor, type Balances } from "../../money/ledger.ts";
import type { TransitionPlan } from "../plan-transition.ts";
import type { TradeState } from "../states.ts";
import {
  callOffPendingPayments,
  escrowRefund,
  freeCheckoutKeys,
  ledgerBalances,
  ledgerTransfers,
  outboxEvents,
  timelineEntry,
} from "./effects.ts";
import { writeTransfer } from "./ledger-rows.ts";
import { RELATED_COLUMNS, RELATED_JOINS, splitParts, type TradeParts } from "./reads.ts";
import { StatementParts } from "./statement-parts.ts";

export interface AppliedPlan {
  trade: Trade;
  /** With the plan's `withParts`. */
  parts?: TradeParts;
}

/** Trade columns a plan may set: plain identifiers only, since they are written into the SQL text. */
const COLUMN = /^[A-Za-z]+$/;

type Answer = Trade & { balanceEscrow: bigint; balancePayeePayable: bigint };

/** The applied transition, or null when the trade is no longer in the state and at the sequence the plan read. */
export async function applyPlan(q: Sql, plan: TransitionPlan): Promise<AppliedPlan | null> {
  const [row] = await q<Record<string, unknown>>(transitionStatement(plan));
  if (!row) return null;
  const { rest, parts } = plan.withParts
    ? splitParts<Answer>(row)
    : { rest: row as unknown as Answer, parts: undefined };
  const { balanceEscrow, balancePayeePayable, ...updated } = rest;
  const { from, now, label } = plan;
  const scope = { tenantId: from.tenantId, mode: from.mode, tradeId: from.id, currency: from.currency };
  let balances: Balances = { escrow: balanceEscrow ?? 0n, payeePayable: balancePayeePayable ?? 0n };
  for (const movement of plan.balanceMovements) {
    // The updated row: a settlement's transition sets the refund its ledger movement reads.
    const postings = postingsFor(movement, updated, balances, label);
    await writeTransfer(q, scope, movement, postings, now);
    balances = afterPostings(balances, postings);
  }
  return { trade: updated, parts };
}

/** The trade's state now, in the caller's transaction, when applyPlan found it moved. */
export async function currentState(q: Sql, tradeId: string): Promise<TradeState | null> {
  const [row] = await q<{ state: TradeState }>(statement`SELECT "state" FROM "Trade" WHERE "id" = ${tradeId}`);
  return row?.state ?? null;
}

/**
 * The new column values arrive as one JSON object that jsonb_populate_record casts to the Trade
 * row type, so each value gets its column's type (enum, timestamp, bigint, json) without a cast
 * written per column. Timestamps are UTC ISO strings: `timestamp` ignores the zone, as Prisma
 * stores them. Every effect reads `moved`, so nothing is written when the compare-and-set finds
 * the trade changed. Only the effects this plan needs are written: each one in the text costs
 * PostgreSQL its tables and indexes opened and locked on every execution, even when it writes
 * nothing (so the statement has a few shapes, each prepared once).
 */
function transitionStatement(plan: TransitionPlan) {
  const names = Object.keys(plan.columns);
  const bad = names.find((name) => !COLUMN.test(name));
  if (bad) throw new Error(`Not a Trade column: ${bad}`);
  const s = new StatementParts();
  const json = JSON.stringify(plan.columns, (_key, value: unknown) =>
    typeof value === "bigint" ? value.toString() : value,
  );
  const { from, transfers } = plan;
  const tradeId = () => s.shared("tradeId", from.id);
  const at = () => s.shared("now", plan.now);
  const readsBalances = plan.balanceMovements.length > 0;
  const refundMinor = transfers.reduce((sum, t) => sum + t.refundMinor, 0n);
  const parts = [
    `i AS (SELECT * FROM jsonb_populate_record(NULL::"Trade", ${s.param(json)}::jsonb))`,
    readsBalances && ledgerBalances(tradeId()),
    `moved AS (
    UPDATE "Trade" t SET ${names.map((name) => `"${name}" = i."${name}"`).join(", ")} FROM i
    WHERE t."id" = ${tradeId()} AND t."tenantId" = ${s.param(from.tenantId)} AND t."state" = ${s.param(from.state)}::"TradeState"
      AND t."sequence" = ${s.param(from.sequence)}
    RETURNING t.*)`,
    timelineEntry(s, "moved", plan.entry, at()),
    plan.events.length > 0 && outboxEvents(s, "moved", plan.events, at()),
    plan.callsOffPendingPayments && callOffPendingPayments("moved", at()),
    plan.freesCheckoutKeys && freeCheckoutKeys("moved"),
    transfers.length > 0 && ledgerTransfers(s, "moved", transfers, at()),
    refundMinor > 0n && escrowRefund(s, "moved", refundMinor, at()),
  ];
  // The parts' joins read the labels and accounts as this statement began, which none of its
  // writes touch.
  // The text depends only on the columns set and the effects written: one shape for each.
  const shape = [names.join(","), ...parts.map((part) => part !== false), plan.withParts].join("|");
  return s.statement(
    parts,
    `SELECT t.*, ${readsBalances ? `b."escrow"` : "0::bigint"} AS "balanceEscrow",
      ${readsBalances ? `b."payeePayable"` : "0::bigint"} AS "balancePayeePayable"
      ${plan.withParts ? `, ${RELATED_COLUMNS}` : ""}
    FROM moved t ${readsBalances ? "LEFT JOIN balances b ON true" : ""} ${plan.withParts ? RELATED_JOINS : ""}`,
    shape,
  );
}
