-- The events (OutboxEvent) become a table partitioned by month of "createdAt", so that, with
-- EVENT_RETENTION_DAYS, retention drops a month's partition instead of deleting rows
-- (lib/db/partitions/, lib/webhooks/event-partitions.ts, docs/operations.md, "Partitioned tables").
-- Every event is moved over. The primary key becomes ("id", "createdAt"), as a partitioned table's
-- keys must hold the partition key, and a delivery's foreign key names its event by both: the
-- delivery's "createdAt" is its event's (every writer copies it; one that differs is set to its
-- event's here, before the key is made). A delivery's "createdAt" has no default any more: a
-- writer that forgot to copy it would now be refused by the key, and is refused by Prisma's types.
--
-- The months live beside the table, not in the schema "partitions" as the weeks of the logs do:
-- PostgreSQL copies the deliveries' foreign key onto each month, and Prisma's schema engine refuses
-- a foreign key into a schema the datasource does not list. It does not list partitions themselves.
--
-- One statement (a DO block), as the request log's partitioning (20261129110000): the schema engine
-- sends a script statement by statement outside a transaction, and a half-moved table must not be
-- possible. It holds the old table's lock while it copies: on a large outbox, transitions that
-- write events and the webhook worker wait until it is done (none fails); plan it for a quiet hour.
DO $migration$
DECLARE
  first_month timestamp;
  last_month timestamp;
  month timestamp;
BEGIN
  ALTER TABLE "WebhookDelivery" DROP CONSTRAINT "WebhookDelivery_eventId_fkey";
  ALTER TABLE "OutboxEvent" RENAME TO "OutboxEvent_unpartitioned";
  ALTER TABLE "OutboxEvent_unpartitioned" DROP CONSTRAINT "OutboxEvent_tenantId_fkey";
  ALTER TABLE "OutboxEvent_unpartitioned" DROP CONSTRAINT "OutboxEvent_pkey";
  DROP INDEX "OutboxEvent_dispatchedAt_createdAt_idx";
  DROP INDEX "OutboxEvent_tenantId_mode_dispatchedAt_idx";
  DROP INDEX "OutboxEvent_tenantId_mode_createdAt_idx";
  DROP INDEX "OutboxEvent_tenantId_mode_tradeId_sequence_idx";

  -- Each month's primary key index begins with "id": a look by id alone (a redelivery, the console)
  -- reads one small index per month.
  CREATE TABLE "OutboxEvent" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "mode" "ApiMode" NOT NULL,
    "eventName" TEXT NOT NULL,
    "tradeId" TEXT,
    "marketplaceUserId" TEXT,
    "orderingKey" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "payload" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "dispatchedAt" TIMESTAMP(3),
    CONSTRAINT "OutboxEvent_pkey" PRIMARY KEY ("id", "createdAt")
  ) PARTITION BY RANGE ("createdAt");
  CREATE INDEX "OutboxEvent_dispatchedAt_createdAt_idx" ON "OutboxEvent"("dispatchedAt", "createdAt");
  CREATE INDEX "OutboxEvent_tenantId_mode_dispatchedAt_idx" ON "OutboxEvent"("tenantId", "mode", "dispatchedAt");
  CREATE INDEX "OutboxEvent_tenantId_mode_createdAt_idx" ON "OutboxEvent"("tenantId", "mode", "createdAt");
  CREATE INDEX "OutboxEvent_tenantId_mode_tradeId_sequence_idx" ON "OutboxEvent"("tenantId", "mode", "tradeId", "sequence");
  ALTER TABLE "OutboxEvent" ADD CONSTRAINT "OutboxEvent_tenantId_fkey" FOREIGN KEY ("tenantId")
    REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

  -- An event whose month has no partition yet (a test-mode event on a sandbox clock moved months
  -- ahead) lands here; the scheduler moves it into its month's partition on its next round.
  CREATE TABLE "OutboxEvent_default" PARTITION OF "OutboxEvent" DEFAULT;

  -- One partition per month (the first at 00:00 UTC; "createdAt" is UTC) from the oldest event's
  -- month to two months ahead, named as the scheduler names them.
  last_month := date_trunc('month', now() AT TIME ZONE 'UTC') + interval '2 months';
  SELECT LEAST(date_trunc('month', min("createdAt")), last_month) INTO first_month FROM "OutboxEvent_unpartitioned";
  first_month := COALESCE(first_month, date_trunc('month', now() AT TIME ZONE 'UTC'));
  month := first_month;
  WHILE month <= last_month LOOP
    EXECUTE format(
      'CREATE TABLE %I PARTITION OF "OutboxEvent" FOR VALUES FROM (%L) TO (%L)',
      'OutboxEvent_' || to_char(month, 'YYYY_MM'), month, month + interval '1 month');
    month := month + interval '1 month';
  END LOOP;

  INSERT INTO "OutboxEvent" ("id", "tenantId", "mode", "eventName", "tradeId", "marketplaceUserId", "orderingKey",
      "sequence", "payload", "createdAt", "dispatchedAt")
    SELECT "id", "tenantId", "mode", "eventName", "tradeId", "marketplaceUserId", "orderingKey", "sequence", "payload",
      "createdAt", "dispatchedAt"
    FROM "OutboxEvent_unpartitioned";

  UPDATE "WebhookDelivery" d SET "createdAt" = e."createdAt"
    FROM "OutboxEvent_unpartitioned" e WHERE e."id" = d."eventId" AND d."createdAt" <> e."createdAt";
  ALTER TABLE "WebhookDelivery" ALTER COLUMN "createdAt" DROP DEFAULT;
  -- An event's deliveries are read by its id and time now (Prisma's relation, the key's checks).
  CREATE INDEX "WebhookDelivery_eventId_createdAt_idx" ON "WebhookDelivery"("eventId", "createdAt");
  ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_eventId_createdAt_fkey" FOREIGN KEY ("eventId", "createdAt")
    REFERENCES "OutboxEvent"("id", "createdAt") ON DELETE CASCADE ON UPDATE CASCADE;
  DROP TABLE "OutboxEvent_unpartitioned";
END
$migration$;
