-- DropIndex
DROP INDEX "WebhookDelivery_status_nextAttemptAt_idx";

-- DropIndex
DROP INDEX "WebhookDelivery_subscriptionId_orderingKey_status_createdAt_idx";

-- AlterTable
ALTER TABLE "WebhookDelivery" ADD COLUMN     "eventSequence" INTEGER NOT NULL DEFAULT 0;

-- Backfill (by hand): existing deliveries take their event's sequence.
UPDATE "WebhookDelivery" d SET "eventSequence" = e."sequence" FROM "OutboxEvent" e WHERE e."id" = d."eventId" AND e."sequence" <> 0;

-- CreateIndex
CREATE INDEX "WebhookDelivery_status_nextAttemptAt_createdAt_eventSequenc_idx" ON "WebhookDelivery"("status", "nextAttemptAt", "createdAt", "eventSequence");

-- CreateIndex
CREATE INDEX "WebhookDelivery_subscriptionId_orderingKey_status_createdAt_idx" ON "WebhookDelivery"("subscriptionId", "orderingKey", "status", "createdAt", "eventSequence", "eventId");
