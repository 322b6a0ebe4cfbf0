// The hosted pages' words by locale, and how a page picks its locale.
import type { Locale } from "../trades/presentation/codes.ts";
import { pickLocale } from "../trades/presentation/codes.ts";
import { da } from "./da.ts";
import { en, type Messages } from "./en.ts";
import { formatDateTime } from "../dates.ts";

export { SERVICE_NAME, type Messages } from "./en.ts";
export { formatMoney } from "../money/format.ts";

export function messagesFor(locale: Locale): Messages {
  return locale === "da" ? da : en;
}

/** ?lang= on the address, else the language the user chose before (cookie), else the browser's, else the tenant's. */
export function resolveLocale(query: string | undefined, cookie: string | undefined, acceptLanguage: string | null, tenantLocale: string): Locale {
  if (query === "da" || query === "en") return query;
  if (cookie === "da" || cookie === "en") return cookie;
  return pickLocale(acceptLanguage, tenantLocale);
}

export function formatWhen(date: Date | string, locale: Locale): string {
  return formatDateTime(date, "minute", locale);
}
