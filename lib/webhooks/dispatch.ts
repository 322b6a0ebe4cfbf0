// Fans new outbox events out into one delivery per matching enabled subscription, in one
// statement (one round trip, atomic: an event is marked dispatched exactly when its deliveries
// exist). Several workers may run it: each takes events with FOR UPDATE SKIP LOCKED, and a
// delivery is unique per (event, subscription). A delivery carries its event's createdAt: with the
// id it names the event (the events are partitioned by month of it, and it is in their key).
import { db } from "../db/client.ts";

export async function dispatchOutbox(batch = 500): Promise<number> {
  return db.$executeRaw`
    WITH events AS (
      SELECT "id", "tenantId", "mode", "eventName", "orderingKey", "sequence", "createdAt" FROM "OutboxEvent"
      WHERE "dispatchedAt" IS NULL ORDER BY "createdAt", "sequence" LIMIT ${batch} FOR UPDATE SKIP LOCKED
    ), fanned AS (
      INSERT INTO "WebhookDelivery" ("id", "eventId", "subscriptionId", "tenantId", "orderingKey", "eventSequence", "createdAt", "nextAttemptAt")
      SELECT gen_random_uuid()::text, e."id", s."id", e."tenantId", e."orderingKey", e."sequence", e."createdAt", now()
      FROM events e
      JOIN "WebhookSubscription" s ON s."tenantId" = e."tenantId" AND s."mode" = e."mode" AND s."enabled"
        AND (cardinality(s."events") = 0 OR e."eventName" = ANY (s."events"))
      ON CONFLICT ("eventId", "subscriptionId") DO NOTHING)
    UPDATE "OutboxEvent" o SET "dispatchedAt" = now() FROM events e WHERE o."id" = e."id" AND o."createdAt" = e."createdAt"`;
}
