// SIMULATED carriers: label codes in each carrier's format and a tracking address on this
// service's own sandbox tracking page; tracking events come from the sandbox endpoint.
import { createHash } from "node:crypto";
import { publicBaseUrl } from "../config.ts";
import type { Carrier, CarrierId } from "./carrier.ts";

const digits = (seed: string, count: number) => BigInt(`0x${createHash("sha256").update(seed).digest("hex")}`).toString().slice(0, count).padStart(count, "0");

function simulated(id: CarrierId, name: string, code: (labelId: string) => string): Carrier {
  return {
    id,
    name,
    async issueLabel({ labelId }) {
      const labelCode = code(labelId);
      return { providerReference: `sim-${id}-${labelId}`, labelCode, trackingUrl: `${publicBaseUrl()}/track/${id}/${labelCode}` };
    },
  };
}

export const CARRIERS: Record<CarrierId, Carrier> = {
  // GLS parcel numbers: 11 digits.
  gls: simulated("gls", "GLS", (labelId) => digits(`gls:${labelId}`, 11)),
  // PostNord item ids: two letters, nine digits, country.
  postnord: simulated("postnord", "PostNord", (labelId) => `00${digits(`pn:${labelId}`, 9)}DK`),
};
