// POST /console/api/webhooks/subscriptions/{id}/delete – remove a webhook endpoint (admins)
import { consoleJson } from "@/lib/console/console-route.ts";
import { staffDeleteSubscription } from "@/lib/console/webhooks/manage-webhooks.ts";

export const POST = consoleJson(async (context, _request, { subscriptionId }) =>
  staffDeleteSubscription(context, subscriptionId!),
);
