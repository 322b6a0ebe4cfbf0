// An event about a trade that is not a transition (a payout paid or failed, decisions.md §9; a
// chargeback opened or closed): next
// in the trade's sequence, written with the same part as a transition's events (effects.ts), in
// the caller's transaction (which holds the trade's lock).
import type { Trade } from "../../db/generated/client.ts";
import { statement, type Sql } from "../../db/sql.ts";
import type { RailNoticeName, PayoutEventName } from "../../webhooks/event-names.ts";
import { tradeEvent } from "../trade-events.ts";
import { outboxEvents } from "./effects.ts";
import { StatementParts } from "./statement-parts.ts";

export const appendPayoutEvent = (
  q: Sql,
  tradeId: string,
  eventName: PayoutEventName,
  payoutId: string,
  now: Date,
): Promise<void> => appendTradeNotice(q, tradeId, eventName, { payoutId }, now);

export const appendChargebackEvent = (
  q: Sql,
  tradeId: string,
  eventName: Extract<RailNoticeName, `trade.chargeback_${string}`>,
  chargeback: { chargebackId: string; chargebackState: "open" | "won" | "lost" },
  now: Date,
): Promise<void> => appendTradeNotice(q, tradeId, eventName, chargeback, now);

export const appendHoldBudgetEvent = (q: Sql, tradeId: string, holdBudgetEndsAt: Date, now: Date): Promise<void> =>
  appendTradeNotice(q, tradeId, "trade.hold_budget_ending", { holdBudgetEndsAt: holdBudgetEndsAt.toISOString() }, now);

async function appendTradeNotice(
  q: Sql,
  tradeId: string,
  eventName: PayoutEventName | RailNoticeName,
  extra: Parameters<typeof tradeEvent>[5],
  now: Date,
): Promise<void> {
  // The trade as it is now in this transaction (a transition it applied moved it on), next in sequence.
  const [trade] = await q<Trade>(statement`
    UPDATE "Trade" SET "sequence" = "sequence" + 1, "updatedAt" = ${new Date()}::timestamp
    WHERE "id" = ${tradeId} RETURNING *`);
  const event = tradeEvent(trade!, eventName, trade!.sequence, trade!.state, now, extra);
  const s = new StatementParts();
  const source = `trade AS (SELECT ${s.param(trade!.id)}::text AS "id", ${s.param(trade!.tenantId)}::text AS "tenantId",
    ${s.param(trade!.mode)}::"ApiMode" AS "mode")`;
  await q(s.statement([source, outboxEvents(s, "trade", [event], s.param(now))], `SELECT 1`, "trade-notice"));
}
