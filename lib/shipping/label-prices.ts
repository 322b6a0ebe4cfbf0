// The labels a party can buy on their trade's status page: each parcel size with each carrier's
// price for the trade's route, asked of the mode's carriers (the sandbox's price list, or
// Shipmondo's quotes). The page shows these prices and the purchase charges the same: the form
// names a carrier and a size, and the price is asked again here, never taken from the browser.
import type { ShipmentLeg } from "../db/generated/enums.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import { carrierCatalogue, carriersFor } from "../outside-parties.ts";
import { CARRIER_IDS, type CarrierId } from "./carrier.ts";
import { parcelRoute } from "./parcel-route.ts";

export interface LabelOption {
  carrier: CarrierId;
  carrierName: string;
  weightGrams: number;
  priceMinor: bigint;
}

type TradeParties = Parameters<typeof parcelRoute>[0] & { mode: ApiMode };

/** Every carrier and size on offer for `leg`, with its price; each size's options in CARRIER_IDS order. */
export async function labelOptions(trade: TradeParties, leg: ShipmentLeg): Promise<LabelOption[]> {
  const carriers = carriersFor(trade.mode);
  const route = await parcelRoute(trade, leg);
  const asked = carrierCatalogue().weightBands.flatMap((weightGrams) =>
    CARRIER_IDS.map(async (carrier): Promise<LabelOption | null> => {
      const priceMinor = await carriers[carrier].quote({ weightGrams, route });
      return priceMinor === null ? null : { carrier, carrierName: carriers[carrier].name, weightGrams, priceMinor };
    }),
  );
  return (await Promise.all(asked)).filter((option) => option !== null);
}
