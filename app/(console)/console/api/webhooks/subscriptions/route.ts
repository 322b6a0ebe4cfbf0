// POST /console/api/webhooks/subscriptions – add a webhook endpoint (admins); the answer carries the secret, once
import { consoleRoute } from "@/lib/console/console-route.ts";
import { webhookSubscriptionCreate } from "@/lib/console/operations/webhooks.ts";
import { staffCreateSubscription } from "@/lib/console/webhooks/manage-webhooks.ts";

export const POST = consoleRoute(webhookSubscriptionCreate, (context, { body }) =>
  staffCreateSubscription(context, body),
);
