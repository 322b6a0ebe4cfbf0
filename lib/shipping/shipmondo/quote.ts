// What a label costs: POST /quotes/list answers every product Shipmondo can carry the parcel with
// between the two addresses, and we pick the one asked for. A product that is not in the list (too
// heavy for it, not offered on that route, not on the account) is null, like Carrier.quote above a
// carrier's limit. POST /quotes would price one product, but answers an unavailable one with an
// error we could not tell from a refused request.
//
// The price is `price` (including VAT, what the seller pays), sent as a JSON number and read as its
// exact decimal text (exact-json.ts), then made minor units without floating point (minor-units.ts).
import { quoteAddress, type ShipmondoAddress } from "./address.ts";
import { SHIPMONDO_CARRIERS, type ShipmondoCarrierId } from "./carriers.ts";
import type { ShipmondoClient } from "./client.ts";
import { minorUnitsOf } from "./minor-units.ts";
import { ShipmondoError } from "./shipmondo-error.ts";

export interface ShipmondoQuoteInput {
  carrier: ShipmondoCarrierId;
  /** Shipmondo's product_code, e.g. "GLSDK_SD". */
  productCode: string;
  weightGrams: number;
  from: ShipmondoAddress;
  to: ShipmondoAddress;
}

export interface ShipmondoQuote {
  amountMinor: bigint;
  currency: string;
  productCode: string;
  /** Shipmondo's name for the product, fit to show ("MyPack Home"). */
  description: string;
}

const PRICE_KEYS: ReadonlySet<string> = new Set(["price", "price_before_vat"]);

interface QuoteLine {
  carrier_code?: unknown;
  product_code?: unknown;
  description?: unknown;
  price?: unknown;
  currency_code?: unknown;
}

export async function quoteShipmondo(
  client: ShipmondoClient,
  input: ShipmondoQuoteInput,
): Promise<ShipmondoQuote | null> {
  if (!Number.isInteger(input.weightGrams) || input.weightGrams < 1) {
    throw new RangeError(`A parcel weighs a whole number of grams, at least 1 (got ${input.weightGrams})`);
  }
  const answer = await client.call("POST", "/quotes/list", {
    body: {
      sender: quoteAddress(input.from),
      receiver: quoteAddress(input.to),
      parcels: [{ weight: input.weightGrams }],
    },
    decimalKeys: PRICE_KEYS,
  });
  if (!Array.isArray(answer.body))
    throw new ShipmondoError("bad_response", "Shipmondo POST /quotes/list did not answer a list");
  const carrierCode = SHIPMONDO_CARRIERS[input.carrier].carrierCode;
  const line = (answer.body as QuoteLine[]).find(
    (item) => item.product_code === input.productCode && item.carrier_code === carrierCode,
  );
  if (!line) return null;
  if (typeof line.price !== "string" || typeof line.currency_code !== "string") {
    throw new ShipmondoError("bad_response", `Shipmondo's quote for ${input.productCode} has no price or currency`);
  }
  return {
    amountMinor: minorUnitsOf(line.price, line.currency_code),
    currency: line.currency_code,
    productCode: input.productCode,
    description: typeof line.description === "string" ? line.description : input.productCode,
  };
}
