-- Webhook attempts (each holds a signed event body, the largest rows the service writes) become a
-- table partitioned by week of "createdAt", the time the attempt was made, so that retention drops a
-- week's partition instead of deleting rows (lib/db/partitions/, docs/operations.md, "Partitioned
-- tables"). Every attempt is moved over. The unique key of an attempt gains its time, which the
-- worker sets when it makes the request: recording the same attempt twice still records it once.
--
-- One statement (a DO block), as the request log's partitioning (20261129110000): a half-moved table
-- must not be possible.
DO $migration$
DECLARE
  first_week timestamp;
  last_week timestamp;
  week timestamp;
BEGIN
  CREATE SCHEMA IF NOT EXISTS "partitions";

  ALTER TABLE "WebhookAttempt" RENAME TO "WebhookAttempt_unpartitioned";
  ALTER TABLE "WebhookAttempt_unpartitioned" DROP CONSTRAINT "WebhookAttempt_deliveryId_fkey";
  ALTER TABLE "WebhookAttempt_unpartitioned" DROP CONSTRAINT "WebhookAttempt_pkey";
  DROP INDEX "WebhookAttempt_deliveryId_attemptNumber_key";

  CREATE TABLE "WebhookAttempt" (
    "id" TEXT NOT NULL,
    "deliveryId" TEXT NOT NULL,
    "attemptNumber" INTEGER NOT NULL,
    "requestUrl" TEXT NOT NULL,
    "requestHeaders" JSONB NOT NULL,
    "requestBody" TEXT NOT NULL,
    "responseStatus" INTEGER,
    "responseExcerpt" TEXT,
    "durationMs" INTEGER NOT NULL,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "WebhookAttempt_pkey" PRIMARY KEY ("id", "createdAt")
  ) PARTITION BY RANGE ("createdAt");
  CREATE UNIQUE INDEX "WebhookAttempt_deliveryId_attemptNumber_createdAt_key"
    ON "WebhookAttempt"("deliveryId", "attemptNumber", "createdAt");
  ALTER TABLE "WebhookAttempt" ADD CONSTRAINT "WebhookAttempt_deliveryId_fkey" FOREIGN KEY ("deliveryId")
    REFERENCES "WebhookDelivery"("id") ON DELETE CASCADE ON UPDATE CASCADE;

  CREATE TABLE "partitions"."WebhookAttempt_default" PARTITION OF "WebhookAttempt" DEFAULT;

  last_week := date_trunc('week', now() AT TIME ZONE 'UTC') + interval '4 weeks';
  SELECT LEAST(date_trunc('week', min("createdAt")), last_week) INTO first_week FROM "WebhookAttempt_unpartitioned";
  first_week := COALESCE(first_week, date_trunc('week', now() AT TIME ZONE 'UTC'));
  week := first_week;
  WHILE week <= last_week LOOP
    EXECUTE format(
      'CREATE TABLE "partitions".%I PARTITION OF "WebhookAttempt" FOR VALUES FROM (%L) TO (%L)',
      'WebhookAttempt_p' || to_char(week, 'YYYYMMDD'), week, week + interval '1 week');
    week := week + interval '1 week';
  END LOOP;

  INSERT INTO "WebhookAttempt" ("id", "deliveryId", "attemptNumber", "requestUrl", "requestHeaders", "requestBody",
      "responseStatus", "responseExcerpt", "durationMs", "error", "createdAt")
    SELECT "id", "deliveryId", "attemptNumber", "requestUrl", "requestHeaders", "requestBody", "responseStatus",
      "responseExcerpt", "durationMs", "error", "createdAt"
    FROM "WebhookAttempt_unpartitioned";
  DROP TABLE "WebhookAttempt_unpartitioned";
END
$migration$;
