// Makes one claimed attempt of a delivery and decides what it means, without touching the
// database (record-attempts.ts writes the outcomes in batches): 2xx delivered; 410 Gone turns the
// subscription off; anything else is retried on the schedule until it is used up.
import { AppError } from "../errors.ts";
import type { ClaimedDelivery } from "./claim-deliveries.ts";
import { nextRetryDelay } from "./retry-schedule.ts";
import { sendWebhook, type SendResult } from "./send-webhook.ts";
import { activeSecrets, signedHeaders } from "./signing.ts";
import { checkWebhookUrlShape, resolveWebhookTarget } from "./url-safety.ts";

export interface AttemptOutcome {
  deliveryId: string;
  subscriptionId: string;
  attemptNumber: number;
  /** When the request was made: the attempt's time, and with its delivery and number its key. */
  attemptedAt: Date;
  requestUrl: string;
  requestHeaders: Record<string, string>;
  requestBody: string;
  result: SendResult;
  /** The delivery's status after this attempt (Pending: retried at nextAttemptAt). */
  status: "Pending" | "Succeeded" | "Failed" | "Cancelled";
  nextAttemptAt: Date | null;
  /** 410 Gone: the subscription is switched off and its pending deliveries cancelled. */
  gone: boolean;
}

export async function attemptDelivery(claim: ClaimedDelivery, schedule: readonly number[]): Promise<AttemptOutcome> {
  const { subscription } = claim;
  const body = JSON.stringify(claim.payload);
  const now = new Date();
  // Signed afresh for every attempt: receivers refuse timestamps older than five minutes.
  const headers = signedHeaders(claim.eventId, body, activeSecrets(subscription, now), now);

  let result: SendResult;
  if (!subscription.enabled) {
    result = { status: null, excerpt: null, error: "Subscription disabled", durationMs: 0 };
  } else {
    try {
      const url = checkWebhookUrlShape(subscription.mode, subscription.url);
      const target = await resolveWebhookTarget(subscription.mode, url);
      result = await sendWebhook(url, target, headers, body);
    } catch (error) {
      result = {
        status: null,
        excerpt: null,
        error: error instanceof AppError ? error.message : String(error),
        durationMs: 0,
      };
    }
  }

  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const gone = result.status === 410;
  const delay = ok || gone || !subscription.enabled ? null : nextRetryDelay(schedule, claim.attemptNumber);
  const status = ok ? "Succeeded" : gone || !subscription.enabled ? "Cancelled" : delay === null ? "Failed" : "Pending";
  return {
    deliveryId: claim.id,
    subscriptionId: subscription.id,
    attemptNumber: claim.attemptNumber,
    attemptedAt: now,
    requestUrl: subscription.url,
    requestHeaders: headers,
    requestBody: body,
    result,
    status,
    nextAttemptAt: delay === null ? null : new Date(Date.now() + delay),
    gone,
  };
}
