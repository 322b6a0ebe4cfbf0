// Buys the label for one of our labels, once. Shipmondo's POST /shipments has no idempotency key,
// so our labelId goes into the shipment's `reference` (printed on the label, returned on every
// shipment) and, before buying, we look for a shipment with that reference
// (find-shipment-by-reference.ts): a retry after a crash between Shipmondo's answer and our commit
// finds the label it already paid for instead of buying a second one.
//
// That look-then-buy is not atomic: two calls for the same labelId at the same moment could both
// buy. The caller serialises them (one label row, issued under its lock); this file only makes the
// sequential retry safe.
import { shipmentParty, type ShipmondoAddress } from "./address.ts";
import { SHIPMONDO_CARRIERS, type ShipmondoCarrierId } from "./carriers.ts";
import type { ShipmondoClient } from "./client.ts";
import { fetchLabelPdf, LABEL_FORMAT } from "./fetch-label-pdf.ts";
import { findShipmentByReference } from "./find-shipment-by-reference.ts";
import { readShipment } from "./shipment-record.ts";
import { ShipmondoError } from "./shipmondo-error.ts";
import { trackingUrl, type TrackingUrlTemplates } from "./tracking-url.ts";

export interface CreateShipmentInput {
  /** Our label's id: the shipment's `reference`, and what makes a retry find the same shipment. */
  labelId: string;
  carrier: ShipmondoCarrierId;
  productCode: string;
  /** Comma-separated service codes (`service_codes` is required; "" books none). */
  serviceCodes?: string;
  weightGrams: number;
  from: ShipmondoAddress;
  to: ShipmondoAddress;
  /** How far back to look for an earlier purchase of this label; default 14 days before now. */
  searchSince?: Date;
}

export interface CreatedShipment {
  /** Shipmondo's shipment id. */
  providerReference: string;
  /** The carrier's package number (pkg_no), what the buyer tracks. */
  labelCode: string;
  trackingUrl: string;
  labelPdfBase64: string;
  /** True when the shipment was found from an earlier attempt rather than bought now. */
  reused: boolean;
}

const DEFAULT_SEARCH_DAYS = 14;

export async function createShipment(
  client: ShipmondoClient,
  templates: TrackingUrlTemplates,
  input: CreateShipmentInput,
): Promise<CreatedShipment> {
  if (input.labelId.trim() === "") throw new RangeError("A shipment needs our labelId as its reference");
  const since = input.searchSince ?? new Date(Date.now() - DEFAULT_SEARCH_DAYS * 24 * 60 * 60 * 1000);
  const earlier = await findShipmentByReference(client, input.labelId, since);
  if (earlier) {
    return {
      providerReference: earlier.id,
      labelCode: earlier.packageNumber,
      trackingUrl: trackingUrl(templates, input.carrier, earlier.packageNumber),
      labelPdfBase64: await fetchLabelPdf(client, earlier.id),
      reused: true,
    };
  }

  const answer = await client.call("POST", "/shipments", {
    body: {
      own_agreement: false,
      label_format: LABEL_FORMAT,
      product_code: input.productCode,
      service_codes: input.serviceCodes ?? "",
      reference: input.labelId,
      parties: [shipmentParty("sender", input.from), shipmentParty("receiver", input.to)],
      parcels: [{ weight: input.weightGrams }],
    },
  });
  const shipment = readShipment(answer.body, "Shipmondo POST /shipments");
  const expected = SHIPMONDO_CARRIERS[input.carrier].carrierCode;
  if (shipment.carrierCode !== "" && shipment.carrierCode !== expected) {
    throw new ShipmondoError(
      "bad_response",
      `Shipmondo booked ${input.productCode} with carrier ${shipment.carrierCode}, not ${expected} (shipment ${shipment.id})`,
    );
  }
  return {
    providerReference: shipment.id,
    labelCode: shipment.packageNumber,
    trackingUrl: trackingUrl(templates, input.carrier, shipment.packageNumber),
    labelPdfBase64: shipment.pdfLabels[0] ?? (await fetchLabelPdf(client, shipment.id)),
    reused: false,
  };
}
