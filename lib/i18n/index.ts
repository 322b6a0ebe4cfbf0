// The one way the service speaks English and Danish: the words of each language (en.ts, da.ts),
// and which language an answer or a page is in. Dates are lib/dates.ts's.
import type { Locale } from "../locale.ts";
import { da } from "./da.ts";
import { en, type Messages } from "./en.ts";

export { SERVICE_NAME, type Messages, type PartyStatusText, type TimelineStepText } from "./en.ts";

export function messagesFor(locale: Locale): Messages {
  return locale === "da" ? da : en;
}

/** The locale of an API answer: Accept-Language when it names one we have, else the tenant's. */
export function pickLocale(acceptLanguage: string | null, tenantLocale: string): Locale {
  for (const part of (acceptLanguage ?? "").split(",")) {
    const tag = part.split(";")[0]?.trim().toLowerCase() ?? "";
    if (tag.startsWith("da")) return "da";
    if (tag.startsWith("en")) return "en";
  }
  return tenantLocale === "da" ? "da" : "en";
}

/** A hosted page's locale: ?lang= on the address, else the language the user chose before
 *  (cookie), else the browser's, else the tenant's. */
export function resolveLocale(
  query: string | undefined,
  cookie: string | undefined,
  acceptLanguage: string | null,
  tenantLocale: string,
): Locale {
  if (query === "da" || query === "en") return query;
  if (cookie === "da" || cookie === "en") return cookie;
  return pickLocale(acceptLanguage, tenantLocale);
}
