// English: the trade as the API describes it to each party (spec 2.2): the actions a status offers,
// each party's status by state, and the timeline's steps. Texts about an action are keyed by its
// name in ACTION (lib/trades/presentation/codes.ts), texts about a state by the state's id.
import type { PartyStatusText, TimelineStepText } from "../common.ts";

const waiting = "Nothing to do right now.";
const unpaid = "The trade expires if it is not paid";
const notSent = "The trade is cancelled and the buyer refunded if the parcel is not sent";
const notSentBack = "The seller is paid if the item is not sent back";
const pickupPoint = "The parcel is waiting at the pickup point.";
const underReview = {
  title: "Under review",
  description: "The marketplace is looking into the trade and will decide who receives the money.",
};
const completed = { title: "Completed", description: "Thank you for trading safely." };

export const trade = {
  /** The text of each action a status offers (spec 2.2 `status.actions`), by its name in ACTION. */
  actions: {
    pay: "Pay",
    acceptInvitation: "Accept",
    rejectInvitation: "Decline",
    buyDeliveryLabel: "Buy shipping label",
    acceptCondition: "Accept the item",
    rejectCondition: "Report a problem",
    buyReturnLabel: "Buy return label",
    acceptReturnedItem: "Accept the returned item",
    rejectReturnedItem: "Report a problem with the return",
    abandon: "Cancel the trade",
    choosePayoutAccount: "Choose payout account",
    takeItemBack: "Take the item back",
    disputeRejection: "Dispute",
    makeOffer: "Offer a price reduction",
    acceptOffer: "Accept the price reduction",
    declineOffer: "Decline the price reduction",
  },
  /** Each party's status in each state (spec 2.2 `status`). */
  status: {
    Created: {
      payer: {
        title: "Pay to secure your purchase",
        description: "Your money is held safely until you have received and accepted the item.",
        deadline: unpaid,
      },
      payee: { title: "Waiting for the buyer to pay", description: waiting },
    },
    InvitationAccepted: {
      payer: {
        title: "Complete your payment",
        description: "You accepted the trade; pay to secure the item.",
        deadline: unpaid,
      },
      payee: { title: "Waiting for the buyer to pay", description: waiting },
    },
    AwaitingShipment: {
      payer: { title: "Paid – waiting for the seller to ship", description: "Your money is held safely in escrow." },
      payee: {
        title: "Ship the item",
        description: "The buyer has paid. Buy a shipping label and hand in the parcel.",
        deadline: notSent,
      },
    },
    LabelCreated: {
      payer: { title: "The seller is preparing the parcel", description: waiting },
      payee: {
        title: "Hand in the parcel",
        description: "Your shipping label is ready. Hand the parcel to the carrier.",
        deadline: notSent,
      },
    },
    Sent: {
      payer: { title: "Your item is on its way", description: "Follow the parcel with the tracking link." },
      payee: { title: "The parcel is on its way", description: waiting },
    },
    PickupReady: {
      payer: { title: "Collect your parcel", description: pickupPoint },
      payee: { title: "The parcel is ready for pickup", description: waiting },
    },
    Delivered: {
      payer: {
        title: "Check the item",
        description: "Accept the item if it is as described, or report a problem.",
        deadline: "The item is accepted automatically if you do nothing",
      },
      payee: {
        title: "Delivered – waiting for the buyer",
        description: "You are paid when the buyer accepts the item.",
      },
    },
    ConditionRejected: {
      payer: { title: "You reported a problem", description: "The seller decides whether to take the item back." },
      payee: {
        title: "The buyer reported a problem",
        description: "Take the item back, or dispute the buyer's report.",
        deadline: "The return is accepted automatically if you do not answer",
      },
    },
    ReturnAwaitingShipment: {
      payer: {
        title: "Send the item back",
        description: "Buy a return label and hand in the parcel.",
        deadline: notSentBack,
      },
      payee: { title: "Waiting for the return", description: waiting },
    },
    ReturnLabelCreated: {
      payer: {
        title: "Hand in the return parcel",
        description: "Your return label is ready.",
        deadline: notSentBack,
      },
      payee: { title: "Waiting for the return", description: waiting },
    },
    ReturnSent: {
      payer: { title: "The return is on its way", description: waiting },
      payee: { title: "The return is on its way", description: waiting },
    },
    ReturnPickupReady: {
      payer: { title: "The return is at the pickup point", description: waiting },
      payee: { title: "Collect the returned parcel", description: pickupPoint },
    },
    ReturnDelivered: {
      payer: {
        title: "The seller is checking the return",
        description: "You are refunded when the seller accepts the returned item.",
      },
      payee: {
        title: "Check the returned item",
        description: "Accept it to refund the buyer, or report a problem.",
        deadline: "The return is accepted automatically if you do nothing",
      },
    },
    Disputed: { payer: underReview, payee: underReview },
    Succeeded: {
      payer: completed,
      payee: { title: "Sold – payout on its way", description: "Your money is being paid out." },
    },
    Released: {
      payer: completed,
      payee: { title: "Paid out", description: "The money has been sent to your account." },
    },
    Cancelled: {
      payer: { title: "Cancelled", description: "If you had paid, your money has been refunded." },
      payee: { title: "Cancelled", description: "The trade was cancelled." },
    },
    Returned: {
      payer: { title: "Returned – refunded", description: "Your money has been refunded." },
      payee: { title: "Returned", description: "The item was returned and the buyer refunded." },
    },
  } satisfies Record<string, Record<"payer" | "payee", PartyStatusText>>,
  /** The timeline's steps (spec 2.2 `timeline`), and the deadline of the current one. */
  timeline: {
    steps: {
      created: { title: "Trade created", description: "The seller offered the item." },
      paid: {
        title: "Paid into escrow",
        description: { payer: "Your money is held safely.", payee: "The buyer's money is held safely." },
      },
      labelCreated: { title: "Shipping label created", description: "The parcel is ready to be handed in." },
      sent: { title: "Sent", description: "The carrier has the parcel." },
      delivered: { title: "Delivered", description: "The parcel reached the buyer." },
      accepted: { title: "Item accepted", description: "The buyer accepted the item." },
      problemReported: { title: "Problem reported", description: "The buyer rejected the item." },
      returnAgreed: { title: "Return agreed", description: "The item goes back to the seller." },
      returnLabelCreated: {
        title: "Return label created",
        description: "The return parcel is ready to be handed in.",
      },
      returnSent: { title: "Return sent", description: "The carrier has the return parcel." },
      returnDelivered: { title: "Return delivered", description: "The parcel reached the seller." },
      cancelled: { title: "Cancelled", description: "The trade was cancelled; any payment was refunded." },
      returned: { title: "Returned and refunded", description: "The buyer got the money back." },
      paidOut: {
        title: "Paid out",
        description: { payer: "The seller is paid.", payee: "The money is sent to your account." },
      },
    } satisfies Record<string, TimelineStepText>,
    by: (date: string) => `By ${date}`,
  },
};
