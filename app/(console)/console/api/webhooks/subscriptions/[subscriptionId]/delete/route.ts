// POST /console/api/webhooks/subscriptions/{id}/delete – remove a webhook endpoint (admins)
import { consoleRoute } from "@/lib/console/console-route.ts";
import { webhookSubscriptionDelete } from "@/lib/console/operations/webhooks.ts";
import { staffDeleteSubscription } from "@/lib/console/webhooks/manage-webhooks.ts";

export const POST = consoleRoute(webhookSubscriptionDelete, (context, { params }) =>
  staffDeleteSubscription(context, params.subscriptionId),
);
