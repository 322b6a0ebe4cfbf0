// Shipmondo's prices are decimal kroner (or euro, …) with up to two decimals; ours are integer minor
// units. The conversion is exact decimal arithmetic on the text (lib/money/decimal.ts), so 54.29
// becomes 5429, never 5428.999…; a third decimal, which Shipmondo does not send, would be rounded
// by the one rounding rule, half away from zero.
import { parseDecimal, toScaledInteger } from "../../money/decimal.ts";
import { ShipmondoError } from "./shipmondo-error.ts";

/** Minor digits of the currencies Shipmondo prices in for the Nordic carriers. */
const MINOR_DIGITS: Readonly<Record<string, number>> = { DKK: 2, SEK: 2, NOK: 2, EUR: 2 };

export function minorUnitsOf(decimalText: string, currency: string): bigint {
  const digits = MINOR_DIGITS[currency];
  if (digits === undefined)
    throw new ShipmondoError("bad_response", `Shipmondo priced in ${currency}, which we do not take`);
  try {
    return toScaledInteger(parseDecimal(decimalText), digits);
  } catch {
    throw new ShipmondoError(
      "bad_response",
      `Shipmondo sent a price that is not a decimal number: ${JSON.stringify(decimalText)}`,
    );
  }
}
