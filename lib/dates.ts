// Dates and times as people read them, on every page: one time zone and one formatter.
// A tenant has no time-zone setting (its settings are currency, language, brand, deadlines): the
// service runs Danish marketplaces, so every page, list and chart day is Copenhagen time. This is
// the one place that says so; a per-tenant zone would be read here.
import { INTL_LOCALE, type Locale } from "./locale.ts";

export const TIME_ZONE = "Europe/Copenhagen";

const STYLES = {
  /** 26 Nov 2026 */
  date: { dateStyle: "medium" },
  /** 26 Nov 2026, 14:05 */
  minute: { dateStyle: "medium", timeStyle: "short" },
  /** 26 Nov 2026, 14:05:09 */
  second: { dateStyle: "medium", timeStyle: "medium" },
  /** 26 Nov, 14:05:09: log rows, where the year is noise and the seconds matter */
  log: { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", second: "2-digit" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof STYLES;

// Building an Intl.DateTimeFormat costs far more than using one; a list formats hundreds of dates.
const formats = new Map<string, Intl.DateTimeFormat>();

function format(key: string, locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let found = formats.get(key);
  if (!found) formats.set(key, (found = new Intl.DateTimeFormat(locale, { ...options, timeZone: TIME_ZONE })));
  return found;
}

/** An instant (a Date or an ISO string) in the service's time zone. */
export function formatDateTime(date: Date | string, style: DateStyle, locale: Locale = "en"): string {
  const tag = INTL_LOCALE[locale];
  return format(`${tag} ${style}`, tag, STYLES[style]).format(new Date(date));
}

/** The calendar day of an instant in the service's time zone, as YYYY-MM-DD. */
export function calendarDay(date: Date): string {
  return format("day", "en-CA", { year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
}
