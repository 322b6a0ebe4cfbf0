// A postal address as we hand it to Shipmondo. Shipmondo spells the postal code two ways: `zipcode`
// in a quote's sender and receiver (QuoteSender, QuoteReceiver) and `postal_code` in a shipment's
// parties (ShipmentParty); these two functions are the only places that know which is which.
export interface ShipmondoAddress {
  name: string;
  address1: string;
  address2?: string;
  postalCode: string;
  city: string;
  /** ISO 3166 alpha-2, e.g. "DK". */
  countryCode: string;
  email?: string;
  phone?: string;
}

export function quoteAddress(address: ShipmondoAddress) {
  return {
    address1: address.address1,
    ...(address.address2 !== undefined && { address2: address.address2 }),
    zipcode: address.postalCode,
    city: address.city,
    country_code: address.countryCode,
  };
}

export function shipmentParty(type: "sender" | "receiver", address: ShipmondoAddress) {
  return {
    type,
    name: address.name,
    address1: address.address1,
    ...(address.address2 !== undefined && { address2: address.address2 }),
    postal_code: address.postalCode,
    city: address.city,
    country_code: address.countryCode,
    ...(address.email !== undefined && { email: address.email }),
    ...(address.phone !== undefined && { phone: address.phone }),
  };
}
