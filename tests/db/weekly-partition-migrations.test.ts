// The migrations that partition the request log and the webhook attempts by week move every row of
// today's tables into its week's partition with its values unchanged (the request log's ids go on
// from the same sequence; an attempt stays its delivery's). Each is run on a database holding the
// table as it was before, with rows years old, recent, and past the weeks the migration makes
// (those wait in the default partition for the scheduler).
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
