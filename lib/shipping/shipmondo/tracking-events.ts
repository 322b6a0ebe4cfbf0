// Shipmondo's delivery statuses as our tracking events (lib/shipping/carrier.ts TRACKING_EVENTS).
//
// What the published documents say, and what they do not: Shipmondo's webhooks have a "Shipment
// Monitor" resource "used for tracking delivery status changes", with the actions `latest` and
// `delivered` (POST /webhooks in openapi.json); its message's `data` is the object as its GET
// endpoint answers it. The only published list of delivery-like values is a sales order's
// `order_status` (open, processing, packed, cancelled, on_hold, sent, picked_up, archived,
// ready_for_pickup, released). No document we could read lists the Shipment Monitor's status
// field or its values, so the field (`data.status`) and the two values marked "not published"
// below must be checked against one real sandbox message before this goes live.
//
// | Shipmondo value    | ours          | why |
// | sent               | sent          | order_status: handed to the carrier |
// | ready_for_pickup   | pickup_ready  | order_status: waiting at the pickup point |
// | delivered          | delivered     | the Shipment Monitor action that fires on delivery |
// | returned           | returned      | not published: back on its way to, or at, the sender |
// | lost               | lost          | not published: the carrier has given the parcel up |
// | anything else      | null          | ignored, and worth a log line |
//
// `picked_up` is deliberately not mapped: in order_status it may mean the buyer collected the
// parcel (delivered) or the carrier collected it from the sender (sent), and reading it as
// `delivered` would release the seller's money on a guess.
import type { TrackingEvent } from "../carrier.ts";
import type { ShipmondoWebhookMessage } from "./verify-webhook.ts";

const EVENT_OF_STATUS: Readonly<Record<string, TrackingEvent>> = {
  sent: "sent",
  ready_for_pickup: "pickup_ready",
  delivered: "delivered",
  returned: "returned",
  lost: "lost",
};

/** Our event for a Shipmondo delivery status; null for a status that is not one of ours. */
export function trackingEventForShipmondoStatus(status: string): TrackingEvent | null {
  return Object.hasOwn(EVENT_OF_STATUS, status) ? (EVENT_OF_STATUS[status] ?? null) : null;
}

export interface ShipmondoTrackingUpdate {
  /** Shipmondo's shipment id: the label's providerReference. */
  shipmentId: string;
  packageNumber: string | null;
  /** Our labelId, from the shipment's reference. */
  reference: string | null;
  status: string | null;
  event: TrackingEvent | null;
}

/** The tracking update a verified Shipment Monitor message carries. */
export function readTrackingUpdate(message: ShipmondoWebhookMessage): ShipmondoTrackingUpdate | null {
  const { id, pkg_no: packageNumber, reference, status } = message.data;
  if (typeof id !== "number" && typeof id !== "string") return null;
  return {
    shipmentId: String(id),
    packageNumber: typeof packageNumber === "string" ? packageNumber : null,
    reference: typeof reference === "string" ? reference : null,
    status: typeof status === "string" ? status : null,
    event: typeof status === "string" ? trackingEventForShipmondoStatus(status) : null,
  };
}
