// GET /api/v1/webhooks/events – the delivery log: events, deliveries and every attempt
import { apiRoute } from "@/lib/api/route.ts";
import { listWebhookEvents } from "@/lib/webhooks/event-log.ts";
import * as operations from "@/lib/api/operations/webhooks.ts";

export const GET = apiRoute(operations.listWebhookEvents, (context) => listWebhookEvents(context, context.query));
