// Where a buyer follows the parcel. Shipmondo's API gives no tracking link (no Shipment field
// holds one), so the link is the carrier's own tracking page with the package number in it. The
// pages are configuration, not constants here: none of them is in Shipmondo's documents, and a
// carrier moving its page must not need a release.
import type { ShipmondoCarrierId } from "./carriers.ts";

/** Per carrier, a URL with `{packageNumber}` where the number goes. */
export type TrackingUrlTemplates = Readonly<Record<ShipmondoCarrierId, string>>;

export function trackingUrl(
  templates: TrackingUrlTemplates,
  carrier: ShipmondoCarrierId,
  packageNumber: string,
): string {
  const template = templates[carrier];
  if (!template.includes("{packageNumber}")) throw new RangeError(`The ${carrier} tracking URL has no {packageNumber}`);
  return template.replaceAll("{packageNumber}", encodeURIComponent(packageNumber));
}
