// The migrations that partition the request log and the webhook attempts by week, and the events by
// month, move every row of today's tables into its period's partition with its values unchanged
// (the request log's ids go on from the same sequence; an attempt stays its delivery's; a delivery
// stays its event's, now by id and time). Each is run on a database holding the table as it was
// before, with rows years old, recent, and past the periods the migration makes (those wait in the
// default partition for the scheduler).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { describe, expect, it } from "vitest";

const MIGRATIONS = path.resolve("prisma/migrations");
const PARTITIONING = "20261129110000_request_log_weekly_partitions";
const ATTEMPT_PARTITIONING = "20261129120000_webhook_attempt_weekly_partitions";
const migration = (name: string) => readFileSync(path.join(MIGRATIONS, name, "migration.sql"), "utf8");

/** A database with every migration before `until` applied. */
async function databaseBefore(until: string): Promise<PGlite> {
  const pg = await PGlite.create({ extensions: { pg_trgm } });
  for (const name of readdirSync(MIGRATIONS)
    .filter((n) => /^\d+_/.test(n))
    .sort()) {
    if (name >= until) break;
    await pg.exec(migration(name));
  }
  return pg;
}

const LINES = `SELECT to_jsonb(l) AS line FROM "ApiRequestLog" l ORDER BY "id"`;

describe("the request log partitioning migration", () => {
  it("keeps every line, its id and its values, each in its week's partition", async () => {
    const pg = await databaseBefore(PARTITIONING);
    await pg.exec(`
      INSERT INTO "Tenant" ("id", "name", "updatedAt") VALUES ('t1', 'One', now()), ('t2', 'Two', now());
      INSERT INTO "ApiRequestLog" ("tenantId", "mode", "tokenId", "method", "path", "status", "durationMs", "correlationId", "typeCode", "createdAt")
      SELECT CASE WHEN i % 2 = 0 THEN 't1' ELSE 't2' END, CASE WHEN i % 3 = 0 THEN 'live' ELSE 'test' END::"ApiMode",
        'tok_' || i, 'POST', '/api/v1/trades/' || i, 200 + i % 300, i, 'corr-' || i, CASE WHEN i % 5 = 0 THEN 'Validation' END,
        (now() AT TIME ZONE 'UTC') - make_interval(days => i * 3) + make_interval(secs => i)
      FROM generate_series(1, 400) AS i;
      -- Past the four weeks ahead that the migration makes.
      INSERT INTO "ApiRequestLog" ("tenantId", "mode", "method", "path", "status", "durationMs", "correlationId", "createdAt")
      VALUES ('t1', 'test', 'GET', '/api/v1/ahead', 200, 1, 'ahead', (now() AT TIME ZONE 'UTC') + interval '60 days');
      -- A deleted line leaves a gap in the ids; the sequence must not go back into it.
      DELETE FROM "ApiRequestLog" WHERE "correlationId" = 'corr-400';
    `);
    const before = (await pg.query<{ line: unknown }>(LINES)).rows;
    const [{ last }] = (await pg.query<{ last: string }>(`SELECT max("id")::text AS last FROM "ApiRequestLog"`))
      .rows as [{ last: string }];

    await pg.exec(migration(PARTITIONING));

    expect((await pg.query<{ line: unknown }>(LINES)).rows).toEqual(before);
    const placed = await pg.query<{ misplaced: number; inDefault: number; weeks: number }>(`
      SELECT count(*) FILTER (WHERE p.relname <> 'ApiRequestLog_p' || to_char(date_trunc('week', l."createdAt"), 'YYYYMMDD')
                                AND p.relname <> 'ApiRequestLog_default')::int AS misplaced,
             count(*) FILTER (WHERE p.relname = 'ApiRequestLog_default')::int AS "inDefault",
             count(DISTINCT p.relname)::int AS weeks
      FROM "ApiRequestLog" l JOIN pg_class p ON p.oid = l.tableoid`);
    expect(placed.rows[0]).toEqual({ misplaced: 0, inDefault: 1, weeks: expect.any(Number) });
    expect(placed.rows[0]!.weeks).toBeGreaterThan(150);

    // The old table is gone; the partitioned one has the primary key, indexes and the tenant's key.
    const tables = await pg.query<{ relname: string; relkind: string }>(
      `SELECT relname, relkind FROM pg_class WHERE relname IN ('ApiRequestLog', 'ApiRequestLog_unpartitioned')`,
    );
    expect(tables.rows).toEqual([{ relname: "ApiRequestLog", relkind: "p" }]);
    const indexes = await pg.query<{ indexname: string }>(
      `SELECT indexname FROM pg_indexes WHERE tablename = 'ApiRequestLog' ORDER BY 1`,
    );
    expect(indexes.rows.map((row) => row.indexname)).toEqual([
      "ApiRequestLog_pkey",
      "ApiRequestLog_tenantId_correlationId_idx",
      "ApiRequestLog_tenantId_mode_createdAt_id_idx",
    ]);

    // New lines take ids after the last one, and go with their tenant.
    await pg.exec(`INSERT INTO "ApiRequestLog" ("tenantId", "mode", "method", "path", "status", "durationMs", "correlationId")
      VALUES ('t1', 'test', 'GET', '/api/v1/after', 200, 1, 'after')`);
    const after = await pg.query<{ id: string; partition: string }>(
      `SELECT "id"::text AS id, tableoid::regclass::text AS partition FROM "ApiRequestLog" WHERE "correlationId" = 'after'`,
    );
    expect(BigInt(after.rows[0]!.id)).toBeGreaterThan(BigInt(last));
    expect(after.rows[0]!.partition).toMatch(/^partitions\."ApiRequestLog_p\d{8}"$/);
    await pg.exec(`DELETE FROM "Tenant" WHERE "id" = 't2'`);
    const left = await pg.query<{ tenants: string[] }>(
      `SELECT array_agg(DISTINCT "tenantId") AS tenants FROM "ApiRequestLog"`,
    );
    expect(left.rows[0]!.tenants).toEqual(["t1"]);
    await pg.close();
  });
});

const ATTEMPTS = `SELECT to_jsonb(a) AS attempt FROM "WebhookAttempt" a ORDER BY "id"`;

describe("the webhook attempt partitioning migration", () => {
  it("keeps every attempt with its values, each in the week it was made, still its delivery's", async () => {
    const pg = await databaseBefore(ATTEMPT_PARTITIONING);
    await pg.exec(`
      INSERT INTO "Tenant" ("id", "name", "updatedAt") VALUES ('t1', 'One', now());
      INSERT INTO "WebhookSubscription" ("id", "tenantId", "mode", "url", "secret", "updatedAt")
        VALUES ('s1', 't1', 'test', 'https://hooks.example/in', 'whsec_x', now());
      INSERT INTO "OutboxEvent" ("id", "tenantId", "mode", "eventName", "orderingKey", "payload")
        SELECT 'evt_' || i, 't1', 'test', 'trade.created', 'trade-' || i, '{}' FROM generate_series(1, 120) AS i;
      INSERT INTO "WebhookDelivery" ("id", "eventId", "subscriptionId", "tenantId", "orderingKey")
        SELECT 'del_' || i, 'evt_' || i, 's1', 't1', 'trade-' || i FROM generate_series(1, 120) AS i;
      INSERT INTO "WebhookAttempt" ("id", "deliveryId", "attemptNumber", "requestUrl", "requestHeaders", "requestBody",
          "responseStatus", "responseExcerpt", "durationMs", "error", "createdAt")
        SELECT 'att_' || i || '_' || n, 'del_' || i, n, 'https://hooks.example/in', jsonb_build_object('webhook-id', 'evt_' || i),
          '{"n":' || n || '}', CASE WHEN n = 3 THEN 204 ELSE 500 END, 'x', n * 10, CASE WHEN n < 3 THEN 'Server error' END,
          (now() AT TIME ZONE 'UTC') - make_interval(days => i * 5) + make_interval(mins => n)
        FROM generate_series(1, 120) AS i, generate_series(1, 3) AS n;
      -- Past the four weeks ahead that the migration makes.
      INSERT INTO "WebhookAttempt" ("id", "deliveryId", "attemptNumber", "requestUrl", "requestHeaders", "requestBody",
          "durationMs", "createdAt")
        VALUES ('att_ahead', 'del_1', 4, 'https://hooks.example/in', '{}', '{}', 1, (now() AT TIME ZONE 'UTC') + interval '60 days');
    `);
    const before = (await pg.query<{ attempt: unknown }>(ATTEMPTS)).rows;
    expect(before).toHaveLength(361);

    await pg.exec(migration(ATTEMPT_PARTITIONING));

    expect((await pg.query<{ attempt: unknown }>(ATTEMPTS)).rows).toEqual(before);
    const placed = await pg.query<{ misplaced: number; inDefault: number; weeks: number }>(`
      SELECT count(*) FILTER (WHERE p.relname <> 'WebhookAttempt_p' || to_char(date_trunc('week', a."createdAt"), 'YYYYMMDD')
                                AND p.relname <> 'WebhookAttempt_default')::int AS misplaced,
             count(*) FILTER (WHERE p.relname = 'WebhookAttempt_default')::int AS "inDefault",
             count(DISTINCT p.relname)::int AS weeks
      FROM "WebhookAttempt" a JOIN pg_class p ON p.oid = a.tableoid`);
    expect(placed.rows[0]).toEqual({ misplaced: 0, inDefault: 1, weeks: expect.any(Number) });
    expect(placed.rows[0]!.weeks).toBeGreaterThan(80);

    // The same attempt recorded again is still one row; a delivery's deletion takes its attempts.
    const again = `INSERT INTO "WebhookAttempt" ("id", "deliveryId", "attemptNumber", "requestUrl", "requestHeaders", "requestBody",
        "durationMs", "createdAt")
      SELECT 'att_again', "deliveryId", "attemptNumber", "requestUrl", "requestHeaders", "requestBody", "durationMs", "createdAt"
      FROM "WebhookAttempt" WHERE "id" = 'att_7_2'
      ON CONFLICT ("deliveryId", "attemptNumber", "createdAt") DO NOTHING`;
    await pg.exec(again);
    expect((await pg.query(`SELECT 1 FROM "WebhookAttempt" WHERE "id" = 'att_again'`)).rows).toHaveLength(0);
    await pg.exec(`DELETE FROM "WebhookDelivery" WHERE "id" = 'del_7'`);
    expect((await pg.query(`SELECT 1 FROM "WebhookAttempt" WHERE "deliveryId" = 'del_7'`)).rows).toHaveLength(0);
    expect(
      (await pg.query(`SELECT relname FROM pg_class WHERE relname = 'WebhookAttempt_unpartitioned'`)).rows,
    ).toHaveLength(0);
    await pg.close();
  });
});

const EVENT_PARTITIONING = "20261129140000_outbox_monthly_partitions";
const EVENTS = `SELECT to_jsonb(e) AS event FROM "OutboxEvent" e ORDER BY "id"`;
const DELIVERIES = `SELECT to_jsonb(d) - 'createdAt' AS delivery FROM "WebhookDelivery" d ORDER BY "id"`;

describe("the events' monthly partitioning migration", () => {
  it("keeps every event with its values, each in its month, and their deliveries on a key of id and time", async () => {
    const pg = await databaseBefore(EVENT_PARTITIONING);
    await pg.exec(`
      INSERT INTO "Tenant" ("id", "name", "updatedAt") VALUES ('t1', 'One', now()), ('t2', 'Two', now());
      INSERT INTO "WebhookSubscription" ("id", "tenantId", "mode", "url", "secret", "updatedAt")
        VALUES ('s1', 't1', 'test', 'https://hooks.example/in', 'whsec_x', now()),
               ('s2', 't2', 'test', 'https://hooks.example/in', 'whsec_y', now());
      -- Every 11 days back over three years: a December, a leap February, a month's last millisecond.
      INSERT INTO "OutboxEvent" ("id", "tenantId", "mode", "eventName", "tradeId", "marketplaceUserId", "orderingKey",
          "sequence", "payload", "createdAt", "dispatchedAt")
        SELECT 'evt_' || i, CASE WHEN i % 2 = 0 THEN 't1' ELSE 't2' END, CASE WHEN i % 3 = 0 THEN 'live' ELSE 'test' END::"ApiMode",
          'trade.sent', 'trade_' || i, CASE WHEN i % 4 = 0 THEN 'user_' || i END, 'trade:' || (i / 3), i % 3,
          jsonb_build_object('id', 'evt_' || i, 'n', i), at, CASE WHEN i % 5 <> 0 THEN at + interval '1 second' END
        FROM generate_series(1, 100) AS i, LATERAL (SELECT (now() AT TIME ZONE 'UTC') - make_interval(days => i * 11) AS at) t;
      INSERT INTO "OutboxEvent" ("id", "tenantId", "mode", "eventName", "orderingKey", "payload", "createdAt")
        VALUES ('evt_leap', 't1', 'test', 'user.connected', 'user:u', '{}', '2024-02-29 12:00:00'),
               ('evt_year_end', 't1', 'test', 'user.connected', 'user:u', '{}', '2024-12-31 23:59:59.999'),
               -- Past the two months ahead that the migration makes: a sandbox clock moved on.
               ('evt_ahead', 't1', 'test', 'trade.sent', 'trade:x', '{}', (now() AT TIME ZONE 'UTC') + interval '200 days');
      INSERT INTO "WebhookDelivery" ("id", "eventId", "subscriptionId", "tenantId", "orderingKey", "eventSequence", "status", "createdAt")
        SELECT 'del_' || e."id", e."id", CASE WHEN e."tenantId" = 't1' THEN 's1' ELSE 's2' END, e."tenantId", e."orderingKey",
          e."sequence", CASE WHEN e."dispatchedAt" IS NULL THEN 'Pending' ELSE 'Succeeded' END::"DeliveryStatus", e."createdAt"
        FROM "OutboxEvent" e;
      -- One delivery whose time is not its event's (the key will hold it to its event's).
      UPDATE "WebhookDelivery" SET "createdAt" = "createdAt" + interval '3 seconds' WHERE "id" = 'del_evt_7';
    `);
    const before = (await pg.query<{ event: unknown }>(EVENTS)).rows;
    const deliveriesBefore = (await pg.query<{ delivery: unknown }>(DELIVERIES)).rows;
    expect(before).toHaveLength(103);

    await pg.exec(migration(EVENT_PARTITIONING));

    expect((await pg.query<{ event: unknown }>(EVENTS)).rows).toEqual(before);
    expect((await pg.query<{ delivery: unknown }>(DELIVERIES)).rows).toEqual(deliveriesBefore);
    const placed = await pg.query<{ misplaced: number; inDefault: string[]; months: number }>(`
      SELECT count(*) FILTER (WHERE p.relname <> 'OutboxEvent_' || to_char(e."createdAt", 'YYYY_MM')
                                AND p.relname <> 'OutboxEvent_default')::int AS misplaced,
             array_agg(e."id") FILTER (WHERE p.relname = 'OutboxEvent_default') AS "inDefault",
             count(DISTINCT p.relname)::int AS months
      FROM "OutboxEvent" e JOIN pg_class p ON p.oid = e.tableoid`);
    expect(placed.rows[0]).toEqual({ misplaced: 0, inDefault: ["evt_ahead"], months: expect.any(Number) });
    expect(placed.rows[0]!.months).toBeGreaterThan(30);
    const leap = await pg.query<{ partition: string }>(
      `SELECT tableoid::regclass::text AS partition FROM "OutboxEvent" WHERE "id" IN ('evt_leap', 'evt_year_end') ORDER BY "id"`,
    );
    expect(leap.rows.map((row) => row.partition)).toEqual(['"OutboxEvent_2024_02"', '"OutboxEvent_2024_12"']);

    // Every delivery carries its event's time now; a delivery with another time is refused.
    const mismatched = await pg.query(`SELECT 1 FROM "WebhookDelivery" d JOIN "OutboxEvent" e ON e."id" = d."eventId"
      WHERE d."createdAt" <> e."createdAt"`);
    expect(mismatched.rows).toHaveLength(0);
    await expect(
      pg.exec(`INSERT INTO "WebhookDelivery" ("id", "eventId", "subscriptionId", "tenantId", "orderingKey", "createdAt")
        SELECT 'del_wrong', "id", 's2', 't1', "orderingKey", "createdAt" + interval '1 millisecond' FROM "OutboxEvent" WHERE "id" = 'evt_2'`),
    ).rejects.toThrow(/foreign key/);
    // The same event (id and time) written again is still one row.
    await pg.exec(`INSERT INTO "OutboxEvent" ("id", "tenantId", "mode", "eventName", "orderingKey", "payload", "createdAt")
      SELECT "id", "tenantId", "mode", "eventName", "orderingKey", "payload", "createdAt" FROM "OutboxEvent" WHERE "id" = 'evt_2'
      ON CONFLICT ("id", "createdAt") DO NOTHING`);
    expect((await pg.query(`SELECT 1 FROM "OutboxEvent" WHERE "id" = 'evt_2'`)).rows).toHaveLength(1);

    // An event's deletion takes its deliveries; a tenant's, its events.
    await pg.exec(`DELETE FROM "OutboxEvent" WHERE "id" = 'evt_4'`);
    expect((await pg.query(`SELECT 1 FROM "WebhookDelivery" WHERE "eventId" = 'evt_4'`)).rows).toHaveLength(0);
    await pg.exec(`DELETE FROM "Tenant" WHERE "id" = 't2'`);
    expect((await pg.query(`SELECT 1 FROM "OutboxEvent" WHERE "tenantId" = 't2'`)).rows).toHaveLength(0);

    // The old table is gone; the partitioned one has the primary key and every index it had.
    const tables = await pg.query<{ relname: string; relkind: string }>(
      `SELECT relname, relkind FROM pg_class WHERE relname IN ('OutboxEvent', 'OutboxEvent_unpartitioned')`,
    );
    expect(tables.rows).toEqual([{ relname: "OutboxEvent", relkind: "p" }]);
    const indexes = await pg.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE tablename = 'OutboxEvent' ORDER BY indexname`,
    );
    expect(indexes.rows.map((row) => row.indexdef.replace(/^.* USING btree /, ""))).toEqual([
      '("dispatchedAt", "createdAt")',
      '(id, "createdAt")',
      '("tenantId", mode, "createdAt")',
      '("tenantId", mode, "dispatchedAt")',
      '("tenantId", mode, "tradeId", sequence)',
    ]);
    await pg.close();
  });
});
