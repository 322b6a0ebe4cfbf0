// POST /console/api/webhooks/subscriptions/{id}/test – send a signed webhook.test event to this endpoint (admins)
import { consoleRoute } from "@/lib/console/console-route.ts";
import { webhookSubscriptionTest } from "@/lib/console/operations/webhooks.ts";
import { staffSendTestEvent } from "@/lib/console/webhooks/manage-webhooks.ts";

export const POST = consoleRoute(webhookSubscriptionTest, (context, { params }) =>
  staffSendTestEvent(context, params.subscriptionId),
);
