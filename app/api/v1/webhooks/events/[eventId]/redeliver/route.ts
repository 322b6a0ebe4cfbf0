// POST /api/v1/webhooks/events/{eventId}/redeliver – send an event again, now
import { apiRoute } from "@/lib/api/route.ts";
import { redeliverWebhookEvent } from "@/lib/webhooks/event-log.ts";
import * as operations from "@/lib/api/operations/webhooks.ts";

export const POST = apiRoute(operations.redeliverWebhookEvent, (context) =>
  redeliverWebhookEvent(context, context.params.eventId),
);
