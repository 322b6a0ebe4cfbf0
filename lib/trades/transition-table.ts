// The trade lifecycle as one table: (state, action) → who may do it, the next state, the phase
// timestamps it sets, the webhook events it emits and the money it moves. Pure data: the engine
// (lib/trades/transition.ts) reads it, the tests walk every pair, docs/states.md is generated
// from it. A (state, action, actor) that is not here is refused with 409 invalid-state.
import type { TRADE_EVENT_NAMES } from "../webhooks/event-names.ts";
import type { LedgerMovement } from "../money/ledger-kinds.ts";
import type { TradeState } from "./states.ts";

/** A party of a trade: who pays (the buyer) and who is paid (the seller). */
export type Role = "payer" | "payee";

export type Actor = "payer" | "payee" | "tenant" | "staff" | "carrier" | "paymentRail" | "scheduler";

export type Action =
  // contract
  | "acceptInvitation"
  | "rejectInvitation"
  | "abandon"
  | "escrowPaid"
  | "checkoutCancelled"
  | "expireUnpaid"
  | "cancel"
  // delivery
  | "buyDeliveryLabel"
  | "acceptHandedOver"
  | "deliveryLabelCreated"
  | "shipmentSent"
  | "shipmentPickupReady"
  | "shipmentDelivered"
  | "shipmentLost"
  | "shipmentReturned"
  | "shipmentDeadlinePassed"
  | "acceptCondition"
  | "rejectCondition"
  | "autoAcceptCondition"
  // return
  | "acceptRejection"
  | "disputeRejection"
  | "autoAcceptRejection"
  | "buyReturnLabel"
  | "returnLabelCreated"
  | "returnShipmentSent"
  | "returnShipmentPickupReady"
  | "returnShipmentDelivered"
  | "returnShipmentLost"
  | "returnShipmentReturned"
  | "returnDeadlinePassed"
  | "acceptReturnCondition"
  | "rejectReturnCondition"
  | "autoAcceptReturnCondition"
  | "resolveRelease"
  | "resolveRefund"
  // settlement of a rejected or disputed item (decisions.md §9)
  | "settle"
  | "settleInFull"
  | "makeOffer"
  | "acceptOffer"
  | "declineOffer"
  | "lapseOffer"
  // finished
  | "payoutCompleted";

/** The trade events a transition may send: the subscribable names (lib/webhooks/event-names.ts). */
export type TradeEventName = (typeof TRADE_EVENT_NAMES)[number];

/** Phase timestamps of spec 2.3 (columns of Trade). */
export type PhaseTimestamp =
  | "contractPaidAt"
  | "invitationAcceptedAt"
  | "invitationRejectedAt"
  | "deliveryStartedAt"
  | "deliveryPaidAt"
  | "sentAt"
  | "lostAt"
  | "deliveredAt"
  | "approvedAt"
  | "rejectedAt"
  | "returnStartedAt"
  | "returnPaidAt"
  | "returnSentAt"
  | "returnLostAt"
  | "returnDeliveredAt"
  | "returnApprovedAt"
  | "returnRejectedAt"
  | "succeededAt"
  | "cancelledAt"
  | "returnedAt"
  | "releasedAt";

/**
 * Money moved by a transition (the postings are computed in lib/money from the trade's amounts):
 * - fundEscrow: the payer's payment into escrow;
 * - refundPayer: everything in escrow back to the payer;
 * - settle: escrow split into the payee's payout, the service's and the tenant's revenue;
 * - settleWithRefund: the same after a partial refund to the payer (trade.settlementRefundMinor;
 *   who bears it: lib/money/settlement.ts);
 * - payout: the payee's payout leaves for the payee's (or business user's) bank account.
 */

export interface TransitionRule {
  actors: readonly Actor[];
  to: TradeState;
  timestamps: readonly PhaseTimestamp[];
  events: readonly TradeEventName[];
  ledger: readonly LedgerMovement[];
}

type Table = Partial<Record<TradeState, Partial<Record<Action, TransitionRule>>>>;

const rule = (
  actors: Actor | readonly Actor[],
  to: TradeState,
  timestamps: PhaseTimestamp[] = [],
  events: TradeEventName[] = [],
  ledger: LedgerMovement[] = [],
): TransitionRule => ({
  actors: typeof actors === "string" ? [actors] : actors,
  to,
  timestamps,
  events,
  ledger,
});

// Shared rows -----------------------------------------------------------------------------------

/** Before payment: the payer may pay, say no or walk away; either party may abandon; the tenant cancels. */
const unpaid = (state: "Created" | "InvitationAccepted") => ({
  ...(state === "Created" ? { acceptInvitation: rule("payer", "InvitationAccepted", ["invitationAcceptedAt"]) } : {}),
  rejectInvitation: rule("payer", "Cancelled", ["invitationRejectedAt", "cancelledAt"], ["trade.cancelled"]),
  abandon: rule(["payer", "payee"], "Cancelled", ["cancelledAt"], ["trade.cancelled"]),
  escrowPaid: rule(
    "paymentRail",
    "AwaitingShipment",
    ["contractPaidAt", "deliveryStartedAt"],
    ["trade.created"],
    ["fundEscrow"],
  ),
  checkoutCancelled: rule("payer", "Cancelled", ["cancelledAt"], ["trade.cancelled"]),
  expireUnpaid: rule("scheduler", "Cancelled", ["cancelledAt"], ["trade.cancelled"]),
  cancel: rule("tenant", "Cancelled", ["cancelledAt"], ["trade.cancelled"]),
});

/** Paid, parcel not yet handed to the carrier: the tenant may still cancel; missing the deadline cancels. */
const paidNotSent = {
  cancel: rule("tenant", "Cancelled", ["cancelledAt"], ["trade.cancelled"], ["refundPayer"]),
  shipmentDeadlinePassed: rule("scheduler", "Cancelled", ["cancelledAt"], ["trade.cancelled"], ["refundPayer"]),
};

/** The parcel is with the carrier. */
const inTransit = {
  shipmentDelivered: rule("carrier", "Delivered", ["deliveredAt"], ["trade.shipment_delivered"]),
  shipmentLost: rule(
    "carrier",
    "Cancelled",
    ["lostAt", "cancelledAt"],
    ["trade.shipment_lost", "trade.cancelled"],
    ["refundPayer"],
  ),
  shipmentReturned: rule(
    "carrier",
    "Cancelled",
    ["cancelledAt"],
    ["trade.shipment_returned", "trade.cancelled"],
    ["refundPayer"],
  ),
};

/** The return parcel is with the carrier; if it goes astray, staff decide. */
const returnInTransit = {
  returnShipmentDelivered: rule(
    "carrier",
    "ReturnDelivered",
    ["returnDeliveredAt"],
    ["trade.return_shipment_delivered"],
  ),
  returnShipmentLost: rule("carrier", "Disputed", ["returnLostAt"], ["trade.return_shipment_lost"]),
  returnShipmentReturned: rule("carrier", "Disputed", [], ["trade.return_shipment_returned"]),
};

/**
 * A rejected or disputed item settled without (or instead of) the return parcel: the tenant (or
 * staff) settles with a refund of part or all of the payer's money, or the payee offers a price
 * reduction that the payer accepts or declines. An open offer holds the trade's deadline until
 * it is answered or lapses (the use cases keep one offer open at a time).
 */
const settlement = {
  settle: rule(
    ["tenant", "staff"],
    "Succeeded",
    ["succeededAt"],
    ["trade.settled", "trade.succeeded"],
    ["settleWithRefund"],
  ),
  // The whole of the payer's money back: the trade ends as a return does, without the parcel.
  settleInFull: rule(
    ["tenant", "staff"],
    "Returned",
    ["returnedAt"],
    ["trade.settled", "trade.return_condition_accepted"],
    ["refundPayer"],
  ),
  makeOffer: rule("payee", "ConditionRejected", [], ["trade.offer_made"]),
  acceptOffer: rule(
    "payer",
    "Succeeded",
    ["succeededAt"],
    ["trade.offer_accepted", "trade.settled", "trade.succeeded"],
    ["settleWithRefund"],
  ),
  declineOffer: rule("payer", "ConditionRejected", [], ["trade.offer_declined"]),
  lapseOffer: rule("scheduler", "ConditionRejected", [], ["trade.offer_declined"]),
};

/** The payer did not send the item back in time: the rejection lapses and the payee is paid. */
const returnNotSent = {
  returnDeadlinePassed: rule("scheduler", "Succeeded", ["succeededAt"], ["trade.succeeded"], ["settle"]),
};

export const TRANSITIONS: Table = {
  Created: unpaid("Created"),
  InvitationAccepted: unpaid("InvitationAccepted"),

  AwaitingShipment: {
    // Ordering the label keeps the state; it becomes LabelCreated once the label is paid for.
    buyDeliveryLabel: rule("payee", "AwaitingShipment"),
    // Delivery by hand (only when the trade allows it, checked by the use case): the payer
    // receives and accepts the item in person.
    acceptHandedOver: rule(
      "payer",
      "Succeeded",
      ["deliveredAt", "approvedAt", "succeededAt"],
      ["trade.condition_accepted", "trade.succeeded"],
      ["settle"],
    ),
    deliveryLabelCreated: rule(
      "paymentRail",
      "LabelCreated",
      ["deliveryPaidAt"],
      ["trade.shipment_label_created"],
      ["delivery_label"],
    ),
    ...paidNotSent,
  },
  LabelCreated: {
    shipmentSent: rule("carrier", "Sent", ["sentAt"], ["trade.shipment_sent"]),
    shipmentLost: rule(
      "carrier",
      "Cancelled",
      ["lostAt", "cancelledAt"],
      ["trade.shipment_lost", "trade.cancelled"],
      ["refundPayer"],
    ),
    ...paidNotSent,
  },
  Sent: {
    shipmentPickupReady: rule("carrier", "PickupReady", [], ["trade.shipment_pickup_ready"]),
    ...inTransit,
  },
  PickupReady: inTransit,
  Delivered: {
    acceptCondition: rule(
      "payer",
      "Succeeded",
      ["approvedAt", "succeededAt"],
      ["trade.condition_accepted", "trade.succeeded"],
      ["settle"],
    ),
    autoAcceptCondition: rule(
      "scheduler",
      "Succeeded",
      ["approvedAt", "succeededAt"],
      ["trade.condition_accepted", "trade.succeeded"],
      ["settle"],
    ),
    rejectCondition: rule("payer", "ConditionRejected", ["rejectedAt"], ["trade.condition_rejected"]),
  },
  // The payer rejected the item. The payee answers: take it back (the return starts) or dispute it.
  ConditionRejected: {
    acceptRejection: rule("payee", "ReturnAwaitingShipment", ["returnStartedAt"]),
    autoAcceptRejection: rule("scheduler", "ReturnAwaitingShipment", ["returnStartedAt"]),
    disputeRejection: rule("payee", "Disputed"),
    ...settlement,
  },

  ReturnAwaitingShipment: {
    buyReturnLabel: rule("payer", "ReturnAwaitingShipment"),
    returnLabelCreated: rule(
      "paymentRail",
      "ReturnLabelCreated",
      ["returnPaidAt"],
      ["trade.return_shipment_label_created"],
      ["return_label"],
    ),
    ...returnNotSent,
  },
  ReturnLabelCreated: {
    returnShipmentSent: rule("carrier", "ReturnSent", ["returnSentAt"], ["trade.return_shipment_sent"]),
    returnShipmentLost: rule("carrier", "Disputed", ["returnLostAt"], ["trade.return_shipment_lost"]),
    ...returnNotSent,
  },
  ReturnSent: {
    returnShipmentPickupReady: rule("carrier", "ReturnPickupReady", [], ["trade.return_shipment_pickup_ready"]),
    ...returnInTransit,
  },
  ReturnPickupReady: returnInTransit,
  ReturnDelivered: {
    acceptReturnCondition: rule(
      "payee",
      "Returned",
      ["returnApprovedAt", "returnedAt"],
      ["trade.return_condition_accepted"],
      ["refundPayer"],
    ),
    autoAcceptReturnCondition: rule(
      "scheduler",
      "Returned",
      ["returnApprovedAt", "returnedAt"],
      ["trade.return_condition_accepted"],
      ["refundPayer"],
    ),
    rejectReturnCondition: rule("payee", "Disputed", ["returnRejectedAt"], ["trade.return_condition_rejected"]),
  },
  // Tenant staff decide who gets the money.
  Disputed: {
    resolveRelease: rule("staff", "Succeeded", ["succeededAt"], ["trade.succeeded"], ["settle"]),
    // No event name describes a staff refund; the refund upholds the payer's rejection, which is what
    // trade.return_condition_accepted tells a tenant.
    resolveRefund: rule("staff", "Returned", ["returnedAt"], ["trade.return_condition_accepted"], ["refundPayer"]),
    ...settlement,
    makeOffer: rule("payee", "Disputed", [], ["trade.offer_made"]),
    declineOffer: rule("payer", "Disputed", [], ["trade.offer_declined"]),
    lapseOffer: rule("scheduler", "Disputed", [], ["trade.offer_declined"]),
  },

  // Settled: the payout leaves once the payee has a payout account.
  Succeeded: {
    payoutCompleted: rule("paymentRail", "Released", ["releasedAt"], [], ["payout"]),
  },
};
