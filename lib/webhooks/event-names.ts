// Every event name a subscription can ask for (spec 6, and the additive ones of decisions.md §9).
export const TRADE_EVENT_NAMES = [
  "trade.created",
  "trade.cancelled",
  "trade.succeeded",
  "trade.shipment_label_created",
  "trade.shipment_sent",
  "trade.shipment_pickup_ready",
  "trade.shipment_returned",
  "trade.shipment_lost",
  "trade.shipment_delivered",
  "trade.condition_accepted",
  "trade.condition_rejected",
  "trade.return_condition_accepted",
  "trade.return_condition_rejected",
  "trade.return_shipment_label_created",
  "trade.return_shipment_sent",
  "trade.return_shipment_pickup_ready",
  "trade.return_shipment_returned",
  "trade.return_shipment_lost",
  "trade.return_shipment_delivered",
  // Additive (decisions.md §9): settlement of a rejected or disputed item, price-reduction offers.
  "trade.settled",
  "trade.offer_made",
  "trade.offer_accepted",
  "trade.offer_declined",
] as const;

// Additive (decisions.md §9): a settled trade's payout paid, or refused by the bank.
export const PAYOUT_EVENT_NAMES = ["payout.paid", "payout.failed"] as const;
export type PayoutEventName = (typeof PAYOUT_EVENT_NAMES)[number];

// Additive, news from the payment rail (decisions.md §11): the payer's bank took the trade's payment
// back (a chargeback) and its outcome; the rail's hold budget for the trade's money ends within 7 days.
export const RAIL_NOTICE_NAMES = [
  "trade.chargeback_opened",
  "trade.chargeback_closed",
  "trade.hold_budget_ending",
] as const;
export type RailNoticeName = (typeof RAIL_NOTICE_NAMES)[number];

export const EVENT_NAMES = [
  ...TRADE_EVENT_NAMES,
  ...PAYOUT_EVENT_NAMES,
  ...RAIL_NOTICE_NAMES,
  "user.connected",
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/** Sent only on request, to one subscription, to try an endpoint (lib/webhooks/test-event.ts); not subscribable. */
export const TEST_EVENT_NAME = "webhook.test";
