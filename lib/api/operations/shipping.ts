// Shipment operations (spec 4.6; decisions.md §1, §6, §8).
import { defineOperation, POST_ERRORS } from "../operation.ts";
import { PaymentRecord } from "../../payments/schemas.ts";
import { TradeParams } from "../../trades/schemas.ts";
import { BuyShipmentBody, SandboxShipmentBody, SandboxShipmentParams, TrackingResult } from "../../shipping/schemas.ts";

const buy = (leg: "delivery" | "return", operationId: string, summary: string, description: string) =>
  defineOperation({
    operationId,
    method: "POST",
    path: `/v1/marketplace/users/{marketplaceUserId}/trades/{tradeId}/shipments/${leg}`,
    summary,
    description,
    tags: ["Shipments"],
    params: TradeParams,
    body: BuyShipmentBody,
    response: PaymentRecord,
    errors: [...POST_ERRORS, "not-found", "invalid-state", "conflict"],
    liveNeeds: ["paymentRail", "carriers"],
  });

export const buyShipmentForDelivery = buy(
  "delivery",
  "buyShipmentForDelivery",
  "Buy shipment for delivery",
  "The payee buys the delivery label (`AwaitingShipment`). The shipping money the payer paid " +
    "with the item (shipping.paidBy = Payer) covers the price first; the payment record is for " +
    "what the payee pays. When that is 0 the label is issued at once (`LabelCreated`, " +
    "`trade.shipment_label_created`); otherwise once the payment is completed.",
);

export const buyShipmentForReturn = buy(
  "return",
  "buyShipmentForReturn",
  "Buy shipment for return",
  "The payer buys the return label (`ReturnAwaitingShipment`) and pays it; the label is issued once the payment is completed (`ReturnLabelCreated`).",
);

export const sandboxShipmentEvent = defineOperation({
  operationId: "sandboxShipmentEvent",
  method: "POST",
  path: "/v1/sandbox/shipments/{labelId}/events",
  summary: "Sandbox: carrier tracking event",
  description:
    "Test tokens only. A tracking event on an issued label, as the carrier would report it: " +
    "`sent`, `pickup_ready`, `delivered`, `lost`, `returned` (to the sender).",
  tags: ["Sandbox"],
  params: SandboxShipmentParams,
  body: SandboxShipmentBody,
  response: TrackingResult,
  sandboxOnly: true,
  errors: [...POST_ERRORS, "forbidden", "not-found", "invalid-state"],
});
