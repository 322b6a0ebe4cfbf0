// The one date formatter: each style prints what the console and the hosted pages printed before
// it existed (their own Intl options, Copenhagen time), and a day is the Copenhagen calendar day.
import { describe, expect, it } from "vitest";
import { calendarDay, formatDateTime, TIME_ZONE } from "@/lib/dates.ts";

const instants = ["2026-07-01T12:00:05Z", "2026-12-31T23:30:00Z", "2026-03-29T00:59:59Z"];
const before = (locale: string, options: Intl.DateTimeFormatOptions, iso: string) =>
  new Intl.DateTimeFormat(locale, { ...options, timeZone: "Europe/Copenhagen" }).format(new Date(iso));

describe("formatDateTime", () => {
  it.each(instants)("prints %s as the inline formatters did", (iso) => {
    expect(formatDateTime(iso, "date")).toBe(before("en-GB", { dateStyle: "medium" }, iso));
    expect(formatDateTime(iso, "minute")).toBe(before("en-GB", { dateStyle: "medium", timeStyle: "short" }, iso));
    expect(formatDateTime(new Date(iso), "second")).toBe(
      before("en-GB", { dateStyle: "medium", timeStyle: "medium" }, iso),
    );
    expect(formatDateTime(iso, "log")).toBe(
      before("en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", second: "2-digit" }, iso),
    );
    expect(formatDateTime(iso, "minute", "da")).toBe(before("da-DK", { dateStyle: "medium", timeStyle: "short" }, iso));
  });

  it("shows Copenhagen time", () => {
    expect(TIME_ZONE).toBe("Europe/Copenhagen");
    expect(formatDateTime("2026-07-01T12:00:05Z", "second")).toBe("1 Jul 2026, 14:00:05");
  });
});

describe("calendarDay", () => {
  it("is the Copenhagen day, which starts before the UTC one", () => {
    expect(calendarDay(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
    expect(calendarDay(new Date("2026-12-31T22:59:59Z"))).toBe("2026-12-31");
  });
});
