// The months the partitioned events are cut into (lib/db/partitions/months.ts): every moment belongs
// to exactly one month, from the first at 00:00 UTC to the first of the next, and a month's
// partition name gives back that month — across a year's end and a leap February too.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MONTH, monthOfPartition, monthPartitionName, monthStart, nextMonth } from "../../lib/db/partitions/months.ts";
import { periodsFrom } from "../../lib/db/partitions/periods.ts";

const moments = fc.date({
  min: new Date("2000-01-01T00:00:00Z"),
  max: new Date("2099-12-31T23:59:59Z"),
  noInvalidDate: true,
});
const day = (at: Date) => at.toISOString().slice(0, 10);

describe("partition months", () => {
  it("put each moment in the month from the first before it (00:00 UTC), before the next month", () => {
    fc.assert(
      fc.property(moments, (at) => {
        const month = monthStart(at);
        expect(month.getUTCDate()).toBe(1);
        expect(month.toISOString().slice(11)).toBe("00:00:00.000Z");
        expect(month.getTime()).toBeLessThanOrEqual(at.getTime());
        expect(nextMonth(month).getTime()).toBeGreaterThan(at.getTime());
        // The next month starts where this one ends, and is a month of its own.
        expect(monthStart(nextMonth(month))).toEqual(nextMonth(month));
        expect(monthStart(new Date(nextMonth(month).getTime() - 1))).toEqual(month);
      }),
    );
  });

  it("go from December to January of the next year, and give February its leap day", () => {
    expect(day(monthStart(new Date("2026-12-31T23:59:59.999Z")))).toBe("2026-12-01");
    expect(day(nextMonth(new Date("2026-12-01T00:00:00Z")))).toBe("2027-01-01");
    expect(day(monthStart(new Date("2027-01-01T00:00:00Z")))).toBe("2027-01-01");
    expect(day(monthStart(new Date("2028-02-29T12:00:00Z")))).toBe("2028-02-01");
    expect(day(nextMonth(new Date("2028-02-01T00:00:00Z")))).toBe("2028-03-01");
    expect(nextMonth(new Date("2028-02-01T00:00:00Z")).getTime() - Date.UTC(2028, 1, 1)).toBe(29 * 86_400_000);
    expect(nextMonth(new Date("2027-02-01T00:00:00Z")).getTime() - Date.UTC(2027, 1, 1)).toBe(28 * 86_400_000);
    expect(nextMonth(new Date("2100-02-01T00:00:00Z")).getTime() - Date.UTC(2100, 1, 1)).toBe(28 * 86_400_000);
    expect(nextMonth(new Date("2000-02-01T00:00:00Z")).getTime() - Date.UTC(2000, 1, 1)).toBe(29 * 86_400_000);
  });

  it("name a month's partition by its year and month, and read the name back", () => {
    expect(monthPartitionName("OutboxEvent", monthStart(new Date("2026-11-29T23:59:59Z")))).toBe("OutboxEvent_2026_11");
    expect(monthPartitionName("OutboxEvent", new Date("2027-01-01T00:00:00Z"))).toBe("OutboxEvent_2027_01");
    fc.assert(
      fc.property(moments, (at) => {
        const month = monthStart(at);
        expect(monthOfPartition("OutboxEvent", monthPartitionName("OutboxEvent", month))).toEqual(month);
      }),
    );
    // The default partition, another table's partition, a week's name and a 13th month are no month.
    for (const name of [
      "OutboxEvent_default",
      "ApiRequestLog_2026_11",
      "OutboxEvent_p20261123",
      "OutboxEvent_2026_13",
      "OutboxEvent_2026_00",
    ])
      expect(monthOfPartition("OutboxEvent", name)).toBeNull();
  });

  it("count the months ahead from the month of the start, into the next year", () => {
    expect(periodsFrom(MONTH, new Date("2026-11-29T12:00:00Z"), 2).map(day)).toEqual([
      "2026-11-01",
      "2026-12-01",
      "2027-01-01",
    ]);
  });
});
