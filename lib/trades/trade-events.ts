// Trade webhook events (spec 6) written to the outbox with the transition that causes them.
// metadata carries state, previousState and a per-trade sequence so receivers can order them.
import type { Trade } from "../db/generated/client.ts";
import { statement, type Sql } from "../db/sql.ts";
import { deterministicEventId } from "../webhooks/event-ids.ts";
import type { TradeState } from "./states.ts";
import type { TradeEventName } from "./transition-table.ts";
import type { PayoutEventName } from "../webhooks/event-names.ts";

export interface TradeEventBody {
  id: string;
  referenceId: string;
  eventName: TradeEventName | PayoutEventName;
  eventDate: string;
  payerMarketplaceUserId: string;
  payeeMarketplaceUserId: string;
  tradeId: string;
  metadata: { state: TradeState; previousState: TradeState; sequence: number; payoutId?: string };
}

/** One event of a trade: its body, and the outbox row's fields. */
export function tradeEvent(
  trade: Trade,
  eventName: TradeEventBody["eventName"],
  sequence: number,
  previousState: TradeState,
  now: Date,
  extra: { payoutId?: string } = {},
) {
  // Deterministic: one event per (trade, sequence), so a retried transaction cannot add a copy.
  const id = deterministicEventId("trade", trade.id, String(sequence));
  const body: TradeEventBody = {
    id,
    referenceId: trade.referenceId ?? "",
    eventName,
    eventDate: now.toISOString(),
    payerMarketplaceUserId: trade.payerMarketplaceUserId,
    payeeMarketplaceUserId: trade.payeeMarketplaceUserId,
    tradeId: trade.id,
    metadata: { state: trade.state, previousState, sequence, ...extra },
  };
  return { id, eventName, sequence, payload: JSON.stringify(body) };
}

/**
 * An event about a trade that is not a transition (a payout paid or failed, decisions.md §9): the
 * trade event's body with the payout's id in metadata, next in the trade's sequence, in the
 * caller's transaction (which holds the trade's lock).
 */
export async function writePayoutEvent(
  q: Sql,
  tradeId: string,
  eventName: PayoutEventName,
  payoutId: string,
  now: Date,
): Promise<void> {
  const [trade] = await q<Trade>(statement`
    UPDATE "Trade" SET "sequence" = "sequence" + 1, "updatedAt" = ${new Date()}::timestamp
    WHERE "id" = ${tradeId} RETURNING *`);
  const event = tradeEvent(trade!, eventName, trade!.sequence, trade!.state, now, { payoutId });
  await q(statement`
    INSERT INTO "OutboxEvent" ("id", "tenantId", "mode", "eventName", "tradeId", "orderingKey", "sequence", "payload",
      "createdAt")
    VALUES (${event.id}, ${trade!.tenantId}, ${trade!.mode}::"ApiMode", ${eventName}, ${tradeId}, ${`trade:${tradeId}`},
      ${event.sequence}, ${event.payload}::jsonb, ${now}::timestamp)`);
}
