// The shop's own data, kept in memory (a real marketplace has a database): listings, which trade
// bought which listing, and the escrow events its webhook endpoint received and verified.
import type { TradeState, WebhookEvent } from "@escrow/sdk";

/**
 * A user name: the sign-in form's `pattern` and the server's check. Written for the `v` flag that
 * browsers compile `pattern` with, where "-" inside a class must be escaped.
 */
export const USERNAME_PATTERN = "[a-z0-9\\-]{2,32}";

export interface Listing {
  id: string;
  title: string;
  description: string;
  /** Price in DKK (major units, as the escrow API takes them). */
  price: number;
  seller: string;
  createdAt: Date;
  /** The trade that bought it, once the buyer has paid into escrow. */
  soldIn?: string;
}

export interface Purchase {
  tradeId: string;
  listingId: string;
  buyer: string;
  seller: string;
}

const listings = new Map<string, Listing>();
const purchases = new Map<string, Purchase>();
const events = new Map<string, WebhookEvent>();
let nextId = 1;

export const shop = {
  addListing(input: Omit<Listing, "id" | "createdAt">): Listing {
    const listing = { ...input, id: String(nextId++), createdAt: new Date() };
    listings.set(listing.id, listing);
    return listing;
  },
  listing: (id: string) => listings.get(id),
  listings: () => [...listings.values()].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()),

  addPurchase: (purchase: Purchase) => void purchases.set(purchase.tradeId, purchase),
  purchase: (tradeId: string) => purchases.get(tradeId),
  /** The buyer's latest checkout of a listing. */
  purchaseOf: (listingId: string, buyer: string) =>
    [...purchases.values()].reverse().find((p) => p.listingId === listingId && p.buyer === buyer),

  /** Keeps a verified event once (deliveries may repeat) and answers whether it was new. */
  record(event: WebhookEvent): boolean {
    if (events.has(event.id)) return false;
    events.set(event.id, event);
    return true;
  },
  eventsOf: (tradeId: string) =>
    [...events.values()]
      .filter((event) => event.eventName !== "user.connected" && event.tradeId === tradeId)
      .sort((a, b) =>
        a.eventName === "user.connected" || b.eventName === "user.connected"
          ? 0
          : a.metadata.sequence - b.metadata.sequence,
      ),
  connectedUsers: () =>
    new Set(
      [...events.values()].flatMap((event) => (event.eventName === "user.connected" ? [event.marketplaceUserId] : [])),
    ),
};

/** The trade's state in the words the shop's users read. */
export const STATE_LABEL: Record<TradeState, string> = {
  Created: "Awaiting payment",
  InvitationAccepted: "Awaiting payment",
  AwaitingShipment: "Paid · waiting for the seller to ship",
  LabelCreated: "Shipping label ready",
  Sent: "On its way",
  PickupReady: "Ready for pickup",
  Delivered: "Delivered · buyer checks the item",
  ConditionRejected: "Item rejected by the buyer",
  ReturnAwaitingShipment: "Being returned",
  ReturnLabelCreated: "Being returned",
  ReturnSent: "Being returned",
  ReturnPickupReady: "Being returned",
  ReturnDelivered: "Returned to the seller",
  Disputed: "In dispute",
  Succeeded: "Completed · payout on its way",
  Released: "Completed · seller paid",
  Cancelled: "Cancelled",
  Returned: "Returned and refunded",
};

export const EVENT_LABEL: Partial<Record<WebhookEvent["eventName"], string>> = {
  "trade.created": "Payment received and held in escrow",
  "trade.cancelled": "Trade cancelled",
  "trade.shipment_label_created": "Shipping label bought",
  "trade.shipment_sent": "Parcel handed to the carrier",
  "trade.shipment_pickup_ready": "Parcel ready for pickup",
  "trade.shipment_delivered": "Parcel delivered",
  "trade.condition_accepted": "Buyer accepted the item",
  "trade.condition_rejected": "Buyer rejected the item",
  "trade.offer_made": "Seller offered a price reduction",
  "trade.offer_accepted": "Buyer accepted the price reduction",
  "trade.offer_declined": "Buyer declined the price reduction",
  "trade.settled": "Settled without a return",
  "trade.succeeded": "Trade completed",
  "payout.paid": "Seller paid out",
  "payout.failed": "Payout failed",
};

export const dkk = (amount: number) =>
  `DKK ${amount.toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
