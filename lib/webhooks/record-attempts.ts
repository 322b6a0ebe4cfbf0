// Records finished attempts, many at once: one statement inserts the attempt rows and moves each
// delivery on (delivered, given up, or its next retry time), so the worker's bookkeeping costs one
// round trip per batch instead of a transaction per delivery. A delivery moves on only if its
// attempt count is still the one this attempt claimed (a lease that ran out and was claimed again
// leaves it to the newer attempt); the attempt row is kept either way, since the request was made.
// The attempt's row carries the time the request was made, its partition key (docs/operations.md,
// "Partitioned tables"): recorded twice, the same attempt is one row.
import { db } from "../db/client.ts";
import type { AttemptOutcome } from "./deliver.ts";

export async function recordAttempts(outcomes: AttemptOutcome[]): Promise<void> {
  if (!outcomes.length) return;
  const rows = outcomes.map((o) => ({
    deliveryId: o.deliveryId,
    attemptNumber: o.attemptNumber,
    attemptedAt: o.attemptedAt.toISOString(),
    requestUrl: o.requestUrl,
    requestHeaders: o.requestHeaders,
    requestBody: o.requestBody,
    responseStatus: o.result.status,
    responseExcerpt: o.result.excerpt,
    durationMs: o.result.durationMs,
    error: o.result.error,
    status: o.status,
    nextAttemptAt: o.nextAttemptAt?.toISOString() ?? null,
  }));
  await db.$executeRaw`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(
        "deliveryId" text, "attemptNumber" int, "attemptedAt" timestamptz, "requestUrl" text, "requestHeaders" jsonb, "requestBody" text,
        "responseStatus" int, "responseExcerpt" text, "durationMs" int, "error" text, "status" text,
    "nextAttemptAt" timestamptz)
    ), attempts AS (
      INSERT INTO "WebhookAttempt" ("id", "deliveryId", "attemptNumber", "createdAt", "requestUrl", "requestHeaders",
    "requestBody", "responseStatus", "responseExcerpt", "durationMs", "error")
      SELECT gen_random_uuid()::text, i."deliveryId", i."attemptNumber", i."attemptedAt" AT TIME ZONE 'UTC', i."requestUrl",
    i."requestHeaders", i."requestBody", i."responseStatus", i."responseExcerpt", i."durationMs", i."error"
      FROM input i
      ON CONFLICT ("deliveryId", "attemptNumber", "createdAt") DO NOTHING)
    UPDATE "WebhookDelivery" w
    SET "status" = i."status"::"DeliveryStatus",
      "lastStatusCode" = i."responseStatus",
      "completedAt" = CASE WHEN i."status" = 'Pending' THEN w."completedAt" ELSE now() END,
      "nextAttemptAt" = COALESCE(i."nextAttemptAt", w."nextAttemptAt")
    FROM input i
    WHERE w."id" = i."deliveryId" AND w."attemptCount" = i."attemptNumber"`;

  // Rare: an endpoint that answered 410 Gone is switched off, and what waits for it is cancelled.
  for (const subscriptionId of new Set(outcomes.filter((o) => o.gone).map((o) => o.subscriptionId))) {
    await db.$transaction([
      db.webhookSubscription.update({
        where: { id: subscriptionId },
        data: { enabled: false, disabledReason: "The endpoint answered 410 Gone" },
      }),
      db.webhookDelivery.updateMany({
        where: { subscriptionId, status: "Pending" },
        data: { status: "Cancelled", completedAt: new Date() },
      }),
    ]);
  }
}
