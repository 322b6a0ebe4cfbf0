// Trade webhook events (spec 6) written to the outbox with the transition that causes them.
// metadata carries state, previousState and a per-trade sequence so receivers can order them.
import type { Trade } from "../db/generated/client.ts";
import { deterministicEventId } from "../webhooks/event-ids.ts";
import type { TradeState } from "./states.ts";
import type { TradeEventName } from "./transition-table.ts";
import type { RailNoticeName, PayoutEventName } from "../webhooks/event-names.ts";

export interface TradeEventBody {
  id: string;
  referenceId: string;
  eventName: TradeEventName | PayoutEventName | RailNoticeName;
  eventDate: string;
  payerMarketplaceUserId: string;
  payeeMarketplaceUserId: string;
  tradeId: string;
  metadata: { state: TradeState; previousState: TradeState; sequence: number } & TradeNoticeDetails;
}

/** What an event that is not a transition names: the payout, or the chargeback and where it stands. */
export interface TradeNoticeDetails {
  payoutId?: string;
  chargebackId?: string;
  chargebackState?: "open" | "won" | "lost";
  holdBudgetEndsAt?: string;
}

/** One event of a trade: its body, and the outbox row's fields. */
export function tradeEvent(
  trade: Trade,
  eventName: TradeEventBody["eventName"],
  sequence: number,
  previousState: TradeState,
  now: Date,
  extra: TradeNoticeDetails = {},
) {
  // Deterministic: one event per (trade, sequence); a retried transaction finds the sequence taken
  // (lib/webhooks/event-ids.ts says how).
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
