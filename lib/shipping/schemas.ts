// Shipment requests (spec 4.6 Buy shipment for delivery / return) and sandbox tracking events.
import { z } from "zod";
import { CARRIER_IDS, TRACKING_EVENTS } from "./carrier.ts";
import { TradeStateSchema } from "../trades/schemas.ts";

export const BuyShipmentBody = z
  .strictObject({
    price: z.number().min(0).max(100_000).meta({ description: "Label price in major units, rounded to 2 decimals." }),
    shipmentProviderId: z.enum(CARRIER_IDS).meta({ description: "The carrier: `gls` or `postnord`." }),
    expectedMaxWeightInGrams: z.number().int().min(1).max(2147483647),
  })
  .meta({ id: "BuyShipmentRequest" });

export const SandboxShipmentParams = z.strictObject({ labelId: z.string().min(1).max(64) });
export const SandboxShipmentBody = z
  .strictObject({ event: z.enum(TRACKING_EVENTS) })
  .meta({ id: "SandboxTrackingEvent" });
export const TrackingResult = z
  .object({ labelId: z.string(), event: z.enum(TRACKING_EVENTS), tradeId: z.string(), state: TradeStateSchema })
  .meta({ id: "TrackingResult" });
