// Carriers, outside parties (decisions.md §7): `gls` and `postnord` quote and issue labels and
// report tracking events, simulated in the sandbox (simulated-carriers.ts) or booked through
// Shipmondo (shipmondo-carriers.ts). The engine only talks to this interface.
export const CARRIER_IDS = ["gls", "postnord"] as const;
export type CarrierId = (typeof CARRIER_IDS)[number];

export const TRACKING_EVENTS = ["sent", "pickup_ready", "delivered", "lost", "returned"] as const;
export type TrackingEvent = (typeof TRACKING_EVENTS)[number];

export interface IssuedLabel {
  providerReference: string;
  labelCode: string;
  trackingUrl: string;
}

/** Who sends or receives a parcel, as a carrier prints it on the label. */
export interface PostalParty {
  name: string;
  address: string;
  postalCode: string;
  city: string;
  /** ISO 3166 alpha-2. */
  countryCode: string;
  phoneNumber: string | null;
}

/** The parcel's way: from the party who sends it to the one who receives it. */
export interface ParcelRoute {
  sender: PostalParty;
  receiver: PostalParty;
}

export interface Carrier {
  readonly id: CarrierId;
  readonly name: string;
  /** The label price for a parcel up to `weightGrams` on `route`, in minor units; null when not offered. */
  quote(input: { weightGrams: number; route: ParcelRoute }): Promise<bigint | null>;
  /**
   * Issues the label for our `labelId`, which the carrier takes as its idempotency key: asking again
   * for the same label answers the same label. Called outside any database transaction.
   */
  issueLabel(input: { labelId: string; weightGrams: number; route: ParcelRoute }): Promise<IssuedLabel>;
  /** The issued label to print, as a PDF (the route printed on it). */
  labelPdf(input: {
    labelId: string;
    providerReference: string;
    labelCode: string;
    route: ParcelRoute;
  }): Promise<Uint8Array>;
  /** Voids a label issued for a purchase that then did not go through, so it is never billed. */
  voidLabel(input: { labelId: string; providerReference: string }): Promise<void>;
}
