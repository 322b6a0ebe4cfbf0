-- The API request log becomes a table partitioned by week of "createdAt", so that retention drops a
-- week's partition instead of deleting rows one by one (lib/db/partitions/, docs/operations.md,
-- "Partitioned tables"). Every row is moved over; ids go on from the same sequence.
--
-- One statement (a DO block): the schema engine sends a script statement by statement outside a
-- transaction (lib/db/schema-engine-adapter.ts), and a half-moved log must not be possible. It holds
-- the old table's lock while it copies: on a large log, calls wait for their log lines to be written
-- (they are written in batches after the answer, lib/api/write-request-log.ts), none fails.
DO $migration$
DECLARE
  first_week timestamp;
  last_week timestamp;
  week timestamp;
BEGIN
  -- Partitions live in a schema of their own: the service's schema lists only the tables it uses.
  CREATE SCHEMA IF NOT EXISTS "partitions";

  ALTER TABLE "ApiRequestLog" RENAME TO "ApiRequestLog_unpartitioned";
  ALTER TABLE "ApiRequestLog_unpartitioned" DROP CONSTRAINT "ApiRequestLog_tenantId_fkey";
  ALTER TABLE "ApiRequestLog_unpartitioned" DROP CONSTRAINT "ApiRequestLog_pkey";
  DROP INDEX "ApiRequestLog_tenantId_mode_createdAt_id_idx";
  DROP INDEX "ApiRequestLog_tenantId_correlationId_idx";
  ALTER SEQUENCE "ApiRequestLog_id_seq" OWNED BY NONE;

  -- A partitioned table's primary key must hold its partition key; "id" alone stays unique as the
  -- sequence gives it.
  CREATE TABLE "ApiRequestLog" (
    "id" BIGINT NOT NULL DEFAULT nextval('"ApiRequestLog_id_seq"'),
    "tenantId" TEXT NOT NULL,
    "mode" "ApiMode" NOT NULL,
    "tokenId" TEXT,
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "correlationId" TEXT NOT NULL,
    "typeCode" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ApiRequestLog_pkey" PRIMARY KEY ("id", "createdAt")
  ) PARTITION BY RANGE ("createdAt");
  ALTER SEQUENCE "ApiRequestLog_id_seq" OWNED BY "ApiRequestLog"."id";
  CREATE INDEX "ApiRequestLog_tenantId_mode_createdAt_id_idx" ON "ApiRequestLog"("tenantId", "mode", "createdAt", "id");
  CREATE INDEX "ApiRequestLog_tenantId_correlationId_idx" ON "ApiRequestLog"("tenantId", "correlationId");
  ALTER TABLE "ApiRequestLog" ADD CONSTRAINT "ApiRequestLog_tenantId_fkey" FOREIGN KEY ("tenantId")
    REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

  -- A line whose week has no partition yet lands here; the scheduler moves it into its week's
  -- partition on its next round (lib/db/partitions/maintain-partitions.ts).
  CREATE TABLE "partitions"."ApiRequestLog_default" PARTITION OF "ApiRequestLog" DEFAULT;

  -- One partition per week (Monday 00:00 UTC; "createdAt" is UTC) from the oldest line's week to
  -- four weeks ahead, named by the week's Monday as the scheduler names them.
  last_week := date_trunc('week', now() AT TIME ZONE 'UTC') + interval '4 weeks';
  SELECT LEAST(date_trunc('week', min("createdAt")), last_week) INTO first_week FROM "ApiRequestLog_unpartitioned";
  first_week := COALESCE(first_week, date_trunc('week', now() AT TIME ZONE 'UTC'));
  week := first_week;
  WHILE week <= last_week LOOP
    EXECUTE format(
      'CREATE TABLE "partitions".%I PARTITION OF "ApiRequestLog" FOR VALUES FROM (%L) TO (%L)',
      'ApiRequestLog_p' || to_char(week, 'YYYYMMDD'), week, week + interval '1 week');
    week := week + interval '1 week';
  END LOOP;

  INSERT INTO "ApiRequestLog" ("id", "tenantId", "mode", "tokenId", "method", "path", "status", "durationMs",
      "correlationId", "typeCode", "createdAt")
    SELECT "id", "tenantId", "mode", "tokenId", "method", "path", "status", "durationMs", "correlationId", "typeCode",
      "createdAt"
    FROM "ApiRequestLog_unpartitioned";
  DROP TABLE "ApiRequestLog_unpartitioned";
END
$migration$;
