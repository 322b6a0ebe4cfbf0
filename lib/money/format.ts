// Amounts for people to read: minor units as the locale writes money, exactly (Intl takes the
// decimal text, so no binary floating point on the way).
import { INTL_LOCALE, type Locale } from "../locale.ts";

export function formatMoney(minor: bigint, currency: string, locale: Locale = "en"): string {
  const negative = minor < 0n;
  const absolute = negative ? -minor : minor;
  const text = `${negative ? "-" : ""}${absolute / 100n}.${(absolute % 100n).toString().padStart(2, "0")}`;
  return new Intl.NumberFormat(INTL_LOCALE[locale], { style: "currency", currency }).format(text as unknown as number);
}
