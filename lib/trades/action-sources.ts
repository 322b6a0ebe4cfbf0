// What makes each action happen: the API operation, hosted page, sandbox call or background job.
// Used for docs/states.md (and by the use cases, which call the engine with these actions).
import type { Action } from "./transition-table.ts";

const u = "/v1/marketplace/users/{u}/trades/{t}";

export const ACTION_SOURCES: Record<Action, string> = {
  acceptInvitation: `POST ${u}/invitation/accept (payer)`,
  rejectInvitation: `POST ${u}/invitation/reject (payer)`,
  abandon: `POST ${u}/abandon (payer or payee)`,
  escrowPaid:
    `the payer's escrow payment succeeds: hosted checkout, POST ${u}/invitation/accept-and-pay + ` +
    `payment flow, or POST /v1/sandbox/payments/{paymentId}/complete`,
  checkoutCancelled: "the payer cancels the hosted checkout",
  expireUnpaid: "deadline: unpaid for the tenant's unpaid expiry (default 7 days)",
  cancel: "POST /v1/marketplace/trades/{t}/cancel (tenant; compare-and-set on state)",
  buyDeliveryLabel: `POST ${u}/shipments/delivery (payee)`,
  acceptHandedOver: `POST ${u}/condition/accept (payer), only when deliveryByHandAllowed: the item was handed over in person`,
  deliveryLabelCreated: "the delivery label's payment succeeds (or needs none) and the carrier issues the label",
  shipmentSent: "carrier tracking event `sent` (sandbox: POST /v1/sandbox/shipments/{labelId}/events)",
  shipmentPickupReady: "carrier tracking event `pickup_ready`",
  shipmentDelivered: "carrier tracking event `delivered`",
  shipmentLost: "carrier tracking event `lost`",
  shipmentReturned: "carrier tracking event `returned` (back to the sender)",
  shipmentDeadlinePassed: "deadline: not sent within the shipment deadline (default 5 days)",
  acceptCondition: `POST ${u}/condition/accept (payer)`,
  rejectCondition: `POST ${u}/condition/reject (payer; body: the reason as a JSON string)`,
  autoAcceptCondition: "deadline: the payer stays silent after delivery (default 2 days)",
  acceptRejection: `POST ${u}/condition/accept (payee): takes the item back`,
  disputeRejection: `POST ${u}/condition/reject (payee): disputes the payer's rejection`,
  autoAcceptRejection: "deadline: the payee does not answer the rejection (default 2 days)",
  buyReturnLabel: `POST ${u}/shipments/return (payer)`,
  returnLabelCreated: "the return label's payment succeeds (or needs none) and the carrier issues the label",
  returnShipmentSent: "carrier tracking event `sent` on the return label",
  returnShipmentPickupReady: "carrier tracking event `pickup_ready` on the return label",
  returnShipmentDelivered: "carrier tracking event `delivered` on the return label",
  returnShipmentLost: "carrier tracking event `lost` on the return label",
  returnShipmentReturned: "carrier tracking event `returned` on the return label",
  returnDeadlinePassed:
    "deadline: the payer does not send the item back in time (default 5 days); the rejection lapses",
  acceptReturnCondition: `POST ${u}/condition/accept (payee, return phase)`,
  rejectReturnCondition: `POST ${u}/condition/reject (payee, return phase)`,
  autoAcceptReturnCondition: "deadline: the payee stays silent after the return delivery (default 2 days)",
  resolveRelease: "tenant staff in the console: release to the payee",
  resolveRefund: "tenant staff in the console: refund the payer",
  settle:
    "POST /v1/marketplace/trades/{t}/settle (tenant) with refundAmount below the payer's money for the item, or staff's split in the console",
  settleInFull:
    "POST /v1/marketplace/trades/{t}/settle (tenant) with refundAmount equal to the payer's money for the item, or staff's full refund as a split",
  makeOffer: `POST ${u}/offers (payee; body: refundAmount), or the hosted status page: a price reduction instead of the return`,
  acceptOffer: `POST ${u}/offers/accept (payer; body: refundAmount, the offer they saw), or the hosted status page: keeps the item for less`,
  declineOffer: `POST ${u}/offers/decline (payer), or the hosted status page: the trade continues as before`,
  lapseOffer:
    "deadline: the payer does not answer the offer in time (the tenant's acceptance deadline); the trade continues as before",
  payoutCompleted: "the payout to the payee's bank account leaves (needs a payout account)",
};
