// Carriers booked through Shipmondo (CARRIERS=shipmondo, or CARRIERS_LIVE=shipmondo for live mode
// alone): GLS and PostNord labels bought on the platform's Shipmondo account, priced by its quotes,
// tracked by its webhooks (lib/http/shipmondo-webhook-route.ts). Settings, read when used:
// SHIPMONDO_API_USER and SHIPMONDO_API_KEY (or _FILE), SHIPMONDO_API_BASE (Shipmondo's production
// API by default), the product booked per carrier (SHIPMONDO_PRODUCT_GLS, SHIPMONDO_PRODUCT_POSTNORD:
// a code Shipmondo's GET /products lists for the account) and the carriers' tracking pages
// (SHIPMONDO_TRACKING_URL_<CARRIER> with {packageNumber}). docs/go-live.md lists them.
import { requiredSecret } from "../secret-setting.ts";
import type { Carrier, CarrierId, PostalParty } from "./carrier.ts";
import {
  createShipmondoCarrier,
  SHIPMONDO_PRODUCTION_URL,
  type ShipmondoAddress,
  type ShipmondoCarrier,
  type ShipmondoCarrierId,
} from "./shipmondo/shipmondo-carrier.ts";

const PRODUCTS: Record<CarrierId, { setting: string; fallback: string }> = {
  gls: { setting: "SHIPMONDO_PRODUCT_GLS", fallback: "GLSDK_HD" },
  postnord: { setting: "SHIPMONDO_PRODUCT_POSTNORD", fallback: "PDK_MH" },
};

// The carriers' own tracking pages; Shipmondo's API gives no link (settings override them).
const TRACKING_PAGES: Record<ShipmondoCarrierId, string> = {
  gls: "https://gls-group.com/DK/da/find-pakke?match={packageNumber}",
  postnord: "https://tracking.postnord.com/dk/?id={packageNumber}",
  dao: "https://www.dao.as/privat/find-din-pakke?stregkode={packageNumber}",
  bring: "https://tracking.bring.com/tracking/{packageNumber}",
};

const QUOTE_TTL_MS = 10 * 60 * 1000;

function setting(name: string, fallback: string): string {
  return process.env[name]?.trim() || fallback;
}

function account(): ShipmondoCarrier {
  const apiUser = process.env.SHIPMONDO_API_USER?.trim();
  if (!apiUser) throw new Error("SHIPMONDO_API_USER must be set: the API user of the platform's Shipmondo account.");
  const trackingUrls = Object.fromEntries(
    Object.entries(TRACKING_PAGES).map(([id, page]) => [
      id,
      setting(`SHIPMONDO_TRACKING_URL_${id.toUpperCase()}`, page),
    ]),
  ) as Record<ShipmondoCarrierId, string>;
  return createShipmondoCarrier({
    baseUrl: setting("SHIPMONDO_API_BASE", SHIPMONDO_PRODUCTION_URL).replace(/\/+$/, ""),
    apiUser,
    apiKey: requiredSecret("SHIPMONDO_API_KEY", "the API key of the platform's Shipmondo account"),
    trackingUrls,
  });
}

/** Fails at start, naming the setting, when the account's settings are missing. */
export function checkShipmondoSettings(): void {
  account();
  requiredSecret("SHIPMONDO_WEBHOOK_KEY", "the key Shipmondo signs its webhooks with");
}

const address = (party: PostalParty): ShipmondoAddress => ({
  name: party.name,
  address1: party.address,
  postalCode: party.postalCode,
  city: party.city,
  countryCode: party.countryCode,
  ...(party.phoneNumber ? { phone: party.phoneNumber } : {}),
});

// Quotes change rarely: a status page shows several sizes and carriers, and its purchase asks
// again; both are answered from here for a while instead of one call to Shipmondo each.
const quotes = new Map<string, { priceMinor: bigint | null; until: number }>();

function shipmondo(id: CarrierId, name: string): Carrier {
  const product = () => setting(PRODUCTS[id].setting, PRODUCTS[id].fallback);
  return {
    id,
    name,
    async quote({ weightGrams, route }) {
      const key = JSON.stringify([id, product(), weightGrams, route.sender.postalCode, route.receiver.postalCode]);
      const cached = quotes.get(key);
      if (cached && cached.until > Date.now()) return cached.priceMinor;
      const quote = await account().quote({
        carrier: id,
        productCode: product(),
        weightGrams,
        from: address(route.sender),
        to: address(route.receiver),
      });
      const priceMinor = quote?.amountMinor ?? null;
      if (quotes.size > 10_000) quotes.clear();
      quotes.set(key, { priceMinor, until: Date.now() + QUOTE_TTL_MS });
      return priceMinor;
    },
    async issueLabel({ labelId, weightGrams, route }) {
      const shipment = await account().createShipment({
        labelId,
        carrier: id,
        productCode: product(),
        weightGrams,
        from: address(route.sender),
        to: address(route.receiver),
      });
      return {
        providerReference: shipment.providerReference,
        labelCode: shipment.labelCode,
        trackingUrl: shipment.trackingUrl,
      };
    },
    async labelPdf({ providerReference }) {
      return new Uint8Array(Buffer.from(await account().fetchLabelPdf(providerReference), "base64"));
    },
    async voidLabel({ providerReference }) {
      await account().cancelShipment(providerReference);
    },
  };
}

export const SHIPMONDO_CARRIERS: Record<CarrierId, Carrier> = {
  gls: shipmondo("gls", "GLS"),
  postnord: shipmondo("postnord", "PostNord"),
};
