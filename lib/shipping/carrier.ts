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
  /**
   * Issues the label for our `labelId`, which the carrier takes as its idempotency key: asking again
   * for the same label answers the same label. Called outside any database transaction.
   */
  issueLabel(input: { labelId: string; weightGrams: number }): Promise<IssuedLabel>;
  /** Voids a label issued for a purchase that then did not go through, so it is never billed. */
  voidLabel(input: { labelId: string; providerReference: string }): Promise<void>;
}
