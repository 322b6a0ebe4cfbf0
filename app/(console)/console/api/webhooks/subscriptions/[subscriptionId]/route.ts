// POST /console/api/webhooks/subscriptions/{id} – edit the URL, events, description or turn it on/off (admins)
import { consoleRoute } from "@/lib/console/console-route.ts";
import { webhookSubscriptionUpdate } from "@/lib/console/operations/webhooks.ts";
import { staffUpdateSubscription } from "@/lib/console/webhooks/manage-webhooks.ts";

export const POST = consoleRoute(webhookSubscriptionUpdate, (context, { params, body }) =>
  staffUpdateSubscription(context, params.subscriptionId, body),
);
