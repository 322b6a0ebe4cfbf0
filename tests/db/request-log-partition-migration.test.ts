// The migration that partitions the request log by week moves every line of today's table into its
// week's partition with its id and values unchanged, and the ids go on from the same sequence. Run
// on a database holding the log as it was before, with lines years old, recent, and past the weeks
// the migration makes (those wait in the default partition for the scheduler).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { describe, expect, it } from "vitest";

const MIGRATIONS = path.resolve("prisma/migrations");
const PARTITIONING = "20261129110000_request_log_weekly_partitions";
const migration = (name: string) => readFileSync(path.join(MIGRATIONS, name, "migration.sql"), "utf8");

async function databaseBefore(): Promise<PGlite> {
  const pg = await PGlite.create({ extensions: { pg_trgm } });
  for (const name of readdirSync(MIGRATIONS)
    .filter((n) => /^\d+_/.test(n))
    .sort()) {
    if (name >= PARTITIONING) break;
    await pg.exec(migration(name));
  }
  return pg;
}

const LINES = `SELECT to_jsonb(l) AS line FROM "ApiRequestLog" l ORDER BY "id"`;

describe("the request log partitioning migration", () => {
  it("keeps every line, its id and its values, each in its week's partition", async () => {
    const pg = await databaseBefore();
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
