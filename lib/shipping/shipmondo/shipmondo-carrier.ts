// The Shipmondo adapter's surface: one object per account (API user + key), with live labels for
// GLS, PostNord, DAO and Bring through Shipmondo's REST API v3. Webhook verification and the status
// mapping need no account and are exported on their own. Test code drives it against
// tests/stand-ins/shipmondo; the app reaches it through lib/outside-parties.ts once it is wired in.
import { createShipmondoClient, type ShipmondoClientConfig } from "./client.ts";
import { cancelShipment, type CancelledShipment } from "./cancel-shipment.ts";
import { createShipment, type CreatedShipment, type CreateShipmentInput } from "./create-shipment.ts";
import { fetchLabelPdf } from "./fetch-label-pdf.ts";
import { quoteShipmondo, type ShipmondoQuote, type ShipmondoQuoteInput } from "./quote.ts";
import type { TrackingUrlTemplates } from "./tracking-url.ts";

export type { ShipmondoAddress } from "./address.ts";
export { SHIPMONDO_CARRIER_IDS, SHIPMONDO_CARRIERS, type ShipmondoCarrierId } from "./carriers.ts";
export { SHIPMONDO_PRODUCTION_URL, type ShipmondoClientConfig } from "./client.ts";
export { ShipmondoError, type ShipmondoErrorKind } from "./shipmondo-error.ts";
export {
  readTrackingUpdate,
  trackingEventForShipmondoStatus,
  type ShipmondoTrackingUpdate,
} from "./tracking-events.ts";
export type { TrackingUrlTemplates } from "./tracking-url.ts";
export {
  ShipmondoWebhookRefused,
  verifyShipmondoWebhook,
  type ShipmondoWebhookMessage,
  type WebhookRefusal,
} from "./verify-webhook.ts";
export type { CancelledShipment, CreatedShipment, CreateShipmentInput, ShipmondoQuote, ShipmondoQuoteInput };

export interface ShipmondoCarrierConfig extends ShipmondoClientConfig {
  trackingUrls: TrackingUrlTemplates;
}

export interface ShipmondoCarrier {
  /** The price of the product for this parcel and route, in minor units; null when it is not offered. */
  quote(input: ShipmondoQuoteInput): Promise<ShipmondoQuote | null>;
  /** Buys the label for `labelId` once: a retry answers the shipment bought before. */
  createShipment(input: CreateShipmentInput): Promise<CreatedShipment>;
  /** The label of a shipment again, as a base64 PDF. */
  fetchLabelPdf(shipmentId: string): Promise<string>;
  cancelShipment(shipmentId: string): Promise<CancelledShipment>;
}

export function createShipmondoCarrier(config: ShipmondoCarrierConfig): ShipmondoCarrier {
  const client = createShipmondoClient(config);
  return {
    quote: (input) => quoteShipmondo(client, input),
    createShipment: (input) => createShipment(client, config.trackingUrls, input),
    fetchLabelPdf: (shipmentId) => fetchLabelPdf(client, shipmentId),
    cancelShipment: (shipmentId) => cancelShipment(client, shipmentId),
  };
}
