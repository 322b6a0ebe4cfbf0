// Makes one claimed attempt of a delivery and records it: 2xx delivered; 410 Gone turns the
// subscription off; anything else is retried on the schedule until it is used up.
import { db } from "../db/client.ts";
import type { Prisma } from "../db/generated/client.ts";
import { ApiError } from "../api/errors.ts";
import type { ClaimedDelivery } from "./claim-deliveries.ts";
import { nextRetryDelay } from "./retry-schedule.ts";
import { sendWebhook, type SendResult } from "./send-webhook.ts";
import { activeSecrets, signedHeaders } from "./signing.ts";
import { checkWebhookUrlShape, resolveWebhookTarget } from "./url-safety.ts";

export async function deliverClaimed(claim: ClaimedDelivery, schedule: readonly number[]): Promise<void> {
  const delivery = await db.webhookDelivery.findUnique({ where: { id: claim.id }, include: { event: true, subscription: true } });
  if (!delivery || delivery.status !== "Pending") return;
  const { event, subscription } = delivery;
  const body = JSON.stringify(event.payload);
  const now = new Date();
  // Signed afresh for every attempt: receivers refuse timestamps older than five minutes.
  const headers = signedHeaders(event.id, body, activeSecrets(subscription, now), now);

  let result: SendResult;
  if (!subscription.enabled) {
    result = { status: null, excerpt: null, error: "Subscription disabled", durationMs: 0 };
  } else {
    try {
      const url = checkWebhookUrlShape(subscription.mode, subscription.url);
      const target = await resolveWebhookTarget(subscription.mode, url);
      result = await sendWebhook(url, target, headers, body);
    } catch (error) {
      result = { status: null, excerpt: null, error: error instanceof ApiError ? error.message : String(error), durationMs: 0 };
    }
  }

  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const gone = result.status === 410;
  const delay = ok || gone || !subscription.enabled ? null : nextRetryDelay(schedule, claim.attemptNumber);
  const update: Prisma.WebhookDeliveryUpdateInput = ok
    ? { status: "Succeeded", completedAt: new Date(), lastStatusCode: result.status }
    : gone || !subscription.enabled
      ? { status: "Cancelled", completedAt: new Date(), lastStatusCode: result.status }
      : delay === null
        ? { status: "Failed", completedAt: new Date(), lastStatusCode: result.status }
        : { nextAttemptAt: new Date(Date.now() + delay), lastStatusCode: result.status };

  await db.$transaction(async (tx) => {
    // The attempt number was claimed atomically; the unique key makes a duplicate record impossible.
    await tx.webhookAttempt.create({
      data: {
        deliveryId: delivery.id,
        attemptNumber: claim.attemptNumber,
        requestUrl: subscription.url,
        requestHeaders: headers,
        requestBody: body,
        responseStatus: result.status,
        responseExcerpt: result.excerpt,
        durationMs: result.durationMs,
        error: result.error,
      },
    });
    await tx.webhookDelivery.updateMany({ where: { id: delivery.id, attemptCount: claim.attemptNumber }, data: update });
    if (gone) {
      await tx.webhookSubscription.update({ where: { id: subscription.id }, data: { enabled: false, disabledReason: "The endpoint answered 410 Gone" } });
      await tx.webhookDelivery.updateMany({ where: { subscriptionId: subscription.id, status: "Pending" }, data: { status: "Cancelled", completedAt: new Date() } });
    }
  });
}
