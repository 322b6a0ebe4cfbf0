// Exact decimal arithmetic for money: amounts are BigInt minor units, percentages exact decimal
// strings. Nothing here touches binary floating point arithmetic (decisions.md §4).

/** A decimal number as an integer and a power-of-ten scale: value = units / 10^scale. */
export interface Decimal {
  units: bigint;
  scale: number;
}

const DECIMAL_TEXT = /^([+-])?(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/** Parses decimal text ("100.005", "-1e-3", "12") exactly. */
export function parseDecimal(text: string): Decimal {
  const match = DECIMAL_TEXT.exec(text.trim());
  if (!match) throw new RangeError(`Not a decimal number: ${JSON.stringify(text)}`);
  const [, sign, whole = "0", fraction = "", exponent = "0"] = match;
  let units = BigInt(`${whole}${fraction}`);
  let scale = fraction.length - Number(exponent);
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units: sign === "-" ? -units : units, scale };
}

/**
 * The decimal a JSON number was sent as. JavaScript prints a number as the shortest decimal that
 * reads back as the same double, which is the text that was sent for any amount with up to 15
 * significant digits: 100.005 arrives as the double 100.00499999999999545… and prints "100.005".
 */
export function decimalFromNumber(value: number): Decimal {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  return parseDecimal(String(value));
}

/** Divides by 10^shift and rounds half away from zero. */
export function roundHalfAwayFromZero(units: bigint, shift: number): bigint {
  if (shift <= 0) return units * 10n ** BigInt(-shift);
  const divisor = 10n ** BigInt(shift);
  const magnitude = units < 0n ? -units : units;
  const rounded = (magnitude + divisor / 2n) / divisor;
  return units < 0n ? -rounded : rounded;
}

/** The decimal rounded to `scale` fraction digits, as an integer of that scale (minor units). */
export function toScaledInteger(decimal: Decimal, scale: number): bigint {
  return roundHalfAwayFromZero(decimal.units, decimal.scale - scale);
}

/** Minor units (2 decimals) of a sent JSON number, rounded half away from zero: 100.005 → 10001n. */
export function minorUnitsFromNumber(value: number, minorDigits = 2): bigint {
  return toScaledInteger(decimalFromNumber(value), minorDigits);
}

/** The JSON number of an amount in minor units; exact, since the text is built digit by digit. */
export function numberFromMinorUnits(minor: bigint, minorDigits = 2): number {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(minorDigits + 1, "0");
  const text = minorDigits === 0 ? digits : `${digits.slice(0, -minorDigits)}.${digits.slice(-minorDigits)}`;
  return Number(`${negative ? "-" : ""}${text}`);
}

/** round(amount × percent / 100), half away from zero, exactly. */
export function percentOfMinorUnits(amountMinor: bigint, percent: Decimal): bigint {
  return roundHalfAwayFromZero(amountMinor * percent.units, percent.scale + 2);
}

/** Decimal text for storage in a NUMERIC column. */
export function decimalToString(decimal: Decimal): string {
  const negative = decimal.units < 0n;
  const digits = (negative ? -decimal.units : decimal.units).toString().padStart(decimal.scale + 1, "0");
  const text = decimal.scale === 0 ? digits : `${digits.slice(0, -decimal.scale)}.${digits.slice(-decimal.scale)}`;
  return `${negative ? "-" : ""}${text}`;
}
