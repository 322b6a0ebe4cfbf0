// Amounts for people to read: minor units as the locale writes money, exactly (Intl takes the
// decimal text, so no binary floating point on the way).
export function formatMoney(minor: bigint, currency: string, locale: "en" | "da" = "en"): string {
  const negative = minor < 0n;
  const absolute = negative ? -minor : minor;
  const text = `${negative ? "-" : ""}${absolute / 100n}.${(absolute % 100n).toString().padStart(2, "0")}`;
  return new Intl.NumberFormat(locale === "da" ? "da-DK" : "en-GB", { style: "currency", currency }).format(text as unknown as number);
}
