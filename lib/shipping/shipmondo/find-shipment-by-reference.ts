// Finds the shipment we already bought for a label, by the `reference` we gave it. Shipmondo's
// GET /shipments filters by `order_id`, but that is the webshop order a shipment was made from
// ("if shipment is based on an order in Shipmondo"); POST /shipments cannot set it. `reference`
// is ours to set and is returned on every shipment, yet cannot be filtered on, so we list the
// shipments created since `since` (created_at_min), 50 a page (per_page's maximum), and look.
// The window keeps that short: a retry follows its crash by minutes, not weeks.
import type { ShipmondoClient } from "./client.ts";
import { readShipment, type ShipmentRecord } from "./shipment-record.ts";
import { ShipmondoError } from "./shipmondo-error.ts";

const PER_PAGE = 50;
/** Enough for any sane window; past it something is wrong and we stop rather than loop forever. */
const MAX_PAGES = 200;

export async function findShipmentByReference(
  client: ShipmondoClient,
  reference: string,
  since: Date,
): Promise<ShipmentRecord | null> {
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await client.call("GET", "/shipments", {
      query: { created_at_min: since.toISOString(), per_page: PER_PAGE, page },
    });
    if (!Array.isArray(answer.body))
      throw new ShipmondoError("bad_response", "Shipmondo GET /shipments did not answer a list");
    const found = (answer.body as { reference?: unknown }[]).find((shipment) => shipment.reference === reference);
    if (found) return readShipment(found, "Shipmondo GET /shipments");
    // X-Total-Pages is documented; a short page ends the list even without it.
    const totalPages = Number(answer.headers.get("X-Total-Pages") ?? Number.NaN);
    const last = Number.isFinite(totalPages) ? page >= totalPages : answer.body.length < PER_PAGE;
    if (last || answer.body.length === 0) return null;
  }
  throw new ShipmondoError(
    "bad_response",
    `Shipmondo GET /shipments has more than ${MAX_PAGES} pages since ${since.toISOString()}`,
  );
}
