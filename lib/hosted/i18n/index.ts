// The hosted pages' words by locale, and how a page picks its locale.
import type { Locale } from "../../trades/presentation/codes.ts";
import { pickLocale } from "../../trades/presentation/codes.ts";
import { da } from "./da.ts";
import { en, type Messages } from "./en.ts";

export { SERVICE_NAME, type Messages } from "./en.ts";

export function messagesFor(locale: Locale): Messages {
  return locale === "da" ? da : en;
}

/** ?lang= on the address, else the language the user chose before (cookie), else the browser's, else the tenant's. */
export function resolveLocale(query: string | undefined, cookie: string | undefined, acceptLanguage: string | null, tenantLocale: string): Locale {
  if (query === "da" || query === "en") return query;
  if (cookie === "da" || cookie === "en") return cookie;
  return pickLocale(acceptLanguage, tenantLocale);
}

export function formatMoney(minor: bigint, currency: string, locale: Locale): string {
  const negative = minor < 0n;
  const absolute = negative ? -minor : minor;
  // Intl takes a decimal string exactly (no binary floating point on the way).
  const text = `${negative ? "-" : ""}${absolute / 100n}.${(absolute % 100n).toString().padStart(2, "0")}`;
  return new Intl.NumberFormat(locale === "da" ? "da-DK" : "en-GB", { style: "currency", currency }).format(text as unknown as number);
}

export function formatWhen(date: Date | string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === "da" ? "da-DK" : "en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Copenhagen" }).format(new Date(date));
}
