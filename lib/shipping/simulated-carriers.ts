// SIMULATED carriers: a price list per weight band, label codes in each carrier's format and a
// tracking address on this service's own simulated tracking page (/track/…); tracking events come
// from the sandbox endpoint.
import { createHash } from "node:crypto";
import { publicBaseUrl } from "../config.ts";
import type { Carrier, CarrierId } from "./carrier.ts";
import { simulatedLabelPdf } from "./simulated-label-pdf.ts";

const digits = (seed: string, count: number) =>
  BigInt(`0x${createHash("sha256").update(seed).digest("hex")}`)
    .toString()
    .slice(0, count)
    .padStart(count, "0");

/** [up to grams, price in minor units] */
type PriceList = readonly (readonly [number, bigint])[];

/**
 * Labels the simulated carriers were asked to void, newest last (a sandbox has no carrier to ask;
 * tests read this to see that an unused label is voided).
 */
export const voidedSimulatedLabels: string[] = [];

/** SIMULATED_CARRIER_LATENCY_MS: how long the simulated carriers take to issue a label (default 0), to try a slow carrier. */
const latency = () => Number(process.env.SIMULATED_CARRIER_LATENCY_MS ?? 0);

function simulated(id: CarrierId, name: string, prices: PriceList, code: (labelId: string) => string): Carrier {
  return {
    id,
    name,
    // One price list whatever the route: the sandbox's carriers price by weight alone.
    async quote({ weightGrams }) {
      return prices.find(([limit]) => weightGrams <= limit)?.[1] ?? null;
    },
    async issueLabel({ labelId }) {
      if (latency() > 0) await new Promise((resolve) => setTimeout(resolve, latency()));
      const labelCode = code(labelId);
      return {
        providerReference: `sim-${id}-${labelId}`,
        labelCode,
        trackingUrl: `${publicBaseUrl()}/track/${id}/${labelCode}`,
      };
    },
    async labelPdf({ labelCode, route }) {
      const party = (p: typeof route.sender) => `${p.name}, ${p.address}, ${p.postalCode} ${p.city}`;
      return simulatedLabelPdf([
        `${name} (simulated: not a real label)`,
        `Label code: ${labelCode}`,
        `From: ${party(route.sender)}`,
        `To: ${party(route.receiver)}`,
      ]);
    },
    async voidLabel({ labelId }) {
      // A simulated label is billed to no one; the record is what a test can see.
      voidedSimulatedLabels.push(labelId);
      if (voidedSimulatedLabels.length > 1000) voidedSimulatedLabels.shift();
    },
  };
}

export const SIMULATED_CARRIERS: Record<CarrierId, Carrier> = {
  // GLS parcel numbers: 11 digits.
  gls: simulated(
    "gls",
    "GLS",
    [
      [1000, 3900n],
      [5000, 5900n],
      [10000, 7900n],
      [20000, 9900n],
    ],
    (labelId) => digits(`gls:${labelId}`, 11),
  ),
  // PostNord item ids: two letters, nine digits, country.
  postnord: simulated(
    "postnord",
    "PostNord",
    [
      [1000, 4500n],
      [5000, 6500n],
      [10000, 8500n],
      [20000, 11900n],
    ],
    (labelId) => `00${digits(`pn:${labelId}`, 9)}DK`,
  ),
};

/** Parcel weight bands the hosted label form offers (grams). */
export const SIMULATED_WEIGHT_BANDS = [1000, 5000, 10000, 20000] as const;
