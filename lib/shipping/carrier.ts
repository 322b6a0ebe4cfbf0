// Carriers, outside parties (decisions.md §7): `gls` and `postnord` quote and issue labels and
// report tracking events. The engine only talks to this interface.
export const CARRIER_IDS = ["gls", "postnord"] as const;
export type CarrierId = (typeof CARRIER_IDS)[number];

export const TRACKING_EVENTS = ["sent", "pickup_ready", "delivered", "lost", "returned"] as const;
export type TrackingEvent = (typeof TRACKING_EVENTS)[number];

export interface IssuedLabel {
  providerReference: string;
  labelCode: string;
  trackingUrl: string;
}

export interface Carrier {
  readonly id: CarrierId;
  readonly name: string;
  /** The label price for a parcel up to `weightGrams`, in minor units; null above the carrier's limit. */
  quote(weightGrams: number): bigint | null;
  issueLabel(input: { labelId: string; weightGrams: number }): Promise<IssuedLabel>;
}
