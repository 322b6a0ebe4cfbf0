// The request log is partitioned by week (lib/db/partitions/): the retention round makes the weeks
// ahead, moves lines that landed in the default partition (a week without its partition) into
// their week's, and drops whole weeks past retention — the week's table is gone, not its rows
// deleted one by one. Lines are written with old or far times directly, as the clock cannot move.
import { beforeAll, describe, expect, it } from "vitest";
import { maintainPartitions, type PartitionRound } from "../../lib/db/partitions/maintain-partitions.ts";
import { partitionName, WEEK_MS, weekStart } from "../../lib/db/partitions/weeks.ts";
import { REQUEST_LOG, WEEKS_AHEAD } from "../../lib/jobs/retention.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

const DAY = 86_400_000;
const now = new Date();
const daysFromNow = (days: number) => new Date(now.getTime() + days * DAY);
let tenantId: string;

async function line(createdAt: Date, correlationId: string) {
  await db.$executeRaw`
    INSERT INTO "ApiRequestLog" ("tenantId", "mode", "method", "path", "status", "durationMs", "correlationId", "createdAt")
    VALUES (${tenantId}, 'test'::"ApiMode", 'GET', '/api/v1/partitions', 200, 1, ${correlationId}, ${createdAt})`;
}

/** The partition that holds each of the tenant's lines, by correlation id. */
async function whereLinesAre(): Promise<Record<string, string>> {
  const rows = await db.$queryRaw<{ correlationId: string; partition: string }[]>`
    SELECT "correlationId", tableoid::regclass::text AS partition FROM "ApiRequestLog" WHERE "tenantId" = ${tenantId}`;
  return Object.fromEntries(rows.map((row) => [row.correlationId, row.partition]));
}

async function partitions(): Promise<string[]> {
  const rows = await db.$queryRaw<{ name: string }[]>`
    SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = '"ApiRequestLog"'::regclass ORDER BY 1`;
  return rows.map((row) => row.name);
}

/** One round that ran (another test file's round may hold the table's lock for a moment). */
async function round(keepDays: number): Promise<PartitionRound> {
  for (let tries = 0; tries < 50; tries++) {
    const result = await maintainPartitions(db, REQUEST_LOG, now, keepDays);
    if (result.ran) return result;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the partition round never had the table");
}

const inSchema = (name: string) => `partitions."${name}"`;

describe("the request log's weekly partitions", () => {
  beforeAll(async () => {
    tenantId = (await freshTenant()).tenantId;
  });

  it("makes the weeks ahead, and moves lines of a week without a partition out of the default one", async () => {
    const farAhead = daysFromNow(7 * (WEEKS_AHEAD + 6));
    const weeksAgo = daysFromNow(-40);
    await line(now, "now");
    await line(weeksAgo, "weeks-ago");
    await line(farAhead, "far-ahead");
    // Without a partition of their week, the lines wait in the default partition, and are read as any other.
    expect((await whereLinesAre())["far-ahead"]).toBe(inSchema("ApiRequestLog_default"));
    expect(await db.apiRequestLog.count({ where: { tenantId } })).toBe(3);

    await round(90);

    const names = await partitions();
    for (let week = 0; week <= WEEKS_AHEAD; week++)
      expect(names).toContain(partitionName("ApiRequestLog", weekStart(new Date(now.getTime() + week * WEEK_MS))));
    expect(await whereLinesAre()).toEqual({
      now: inSchema(partitionName("ApiRequestLog", weekStart(now))),
      "weeks-ago": inSchema(partitionName("ApiRequestLog", weekStart(weeksAgo))),
      "far-ahead": inSchema(partitionName("ApiRequestLog", weekStart(farAhead))),
    });
    // The console reads them as before.
    const found = await db.apiRequestLog.findMany({ where: { tenantId }, orderBy: { createdAt: "asc" } });
    expect(found.map((row) => row.correlationId)).toEqual(["weeks-ago", "now", "far-ahead"]);
  });

  it("drops each week that ended past retention as a whole, and keeps every younger line", async () => {
    const old = daysFromNow(-100);
    const stillKept = daysFromNow(-85);
    await line(old, "old-1");
    await line(old, "old-2");
    await line(stillKept, "still-kept");
    await round(90); // gives the old lines their weeks (they waited in the default partition)
    const oldWeek = partitionName("ApiRequestLog", weekStart(old));
    expect(await partitions()).not.toContain(oldWeek);

    const before = await db.apiRequestLog.count({ where: { tenantId } });
    expect((await whereLinesAre())["old-1"]).toBeUndefined();
    expect((await whereLinesAre())["still-kept"]).toBe(inSchema(partitionName("ApiRequestLog", weekStart(stillKept))));

    // Its table is gone, not emptied: nothing of that week is left in any table.
    const [left] = await db.$queryRaw<{ tables: number }[]>`
      SELECT count(*)::int AS tables FROM pg_class WHERE relname = ${oldWeek}`;
    expect(left?.tables).toBe(0);

    // A week that ended less than the retention ago stays, and so does each of its lines.
    const keepWeek = partitionName("ApiRequestLog", weekStart(stillKept));
    const again = await round(90);
    expect(again.dropped).not.toContain(keepWeek);
    expect(await db.apiRequestLog.count({ where: { tenantId } })).toBe(before);
  });

  it("names each dropped week, and drops nothing twice", async () => {
    const old = daysFromNow(-200);
    await line(old, "very-old");
    const first = await round(90);
    expect(first.created).toContain(partitionName("ApiRequestLog", weekStart(old)));
    expect(first.dropped).toContain(partitionName("ApiRequestLog", weekStart(old)));
    const second = await round(90);
    expect(second.dropped).not.toContain(partitionName("ApiRequestLog", weekStart(old)));
    expect((await whereLinesAre())["very-old"]).toBeUndefined();
  });
});
