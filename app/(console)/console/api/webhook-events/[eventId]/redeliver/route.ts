// POST /console/api/webhook-events/{eventId}/redeliver – send a webhook event again (admins)
import { consoleRoute } from "@/lib/console/console-route.ts";
import { webhookEventRedeliver } from "@/lib/console/operations/webhooks.ts";
import { staffRedeliverEvent } from "@/lib/console/trades/staff-trade-actions.ts";

export const POST = consoleRoute(webhookEventRedeliver, (context, { params }) =>
  staffRedeliverEvent(context, params.eventId),
);
