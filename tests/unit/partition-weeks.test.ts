// The weeks the partitioned tables are cut into (lib/db/partitions/weeks.ts): every moment belongs to
// exactly one week, which starts on a Monday at 00:00 UTC, and a week's partition name gives back
// that week.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { partitionName, WEEK_MS, weekOfPartition, weekStart, weeksFrom } from "../../lib/db/partitions/weeks.ts";

const moments = fc.date({
  min: new Date("2000-01-01T00:00:00Z"),
  max: new Date("2099-12-31T23:59:59Z"),
  noInvalidDate: true,
});

describe("partition weeks", () => {
  it("put each moment in the week from the Monday before it (00:00 UTC), less than a week back", () => {
    fc.assert(
      fc.property(moments, (at) => {
        const week = weekStart(at);
        expect(week.getUTCDay()).toBe(1);
        expect(week.toISOString().slice(11)).toBe("00:00:00.000Z");
        expect(week.getTime()).toBeLessThanOrEqual(at.getTime());
        expect(at.getTime() - week.getTime()).toBeLessThan(WEEK_MS);
      }),
    );
  });

  it("name a week's partition by its Monday, and read the name back", () => {
    expect(partitionName("ApiRequestLog", weekStart(new Date("2026-11-29T23:59:59Z")))).toBe("ApiRequestLog_p20261123");
    fc.assert(
      fc.property(moments, (at) => {
        const week = weekStart(at);
        expect(weekOfPartition("ApiRequestLog", partitionName("ApiRequestLog", week))).toEqual(week);
      }),
    );
    // The default partition, another table's partition and a day that is not a Monday are no week.
    for (const name of [
      "ApiRequestLog_default",
      "WebhookAttempt_p20261123",
      "ApiRequestLog_p20261124",
      "ApiRequestLog_p20261399",
    ])
      expect(weekOfPartition("ApiRequestLog", name)).toBeNull();
  });

  it("count the weeks ahead from the week of the start", () => {
    expect(weeksFrom(new Date("2026-11-29T12:00:00Z"), 2).map((week) => week.toISOString().slice(0, 10))).toEqual([
      "2026-11-23",
      "2026-11-30",
      "2026-12-07",
    ]);
  });
});
