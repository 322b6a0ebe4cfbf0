// POST /console/api/webhooks/subscriptions – add a webhook endpoint (admins); the answer carries the secret, once
import { consoleBody, consoleJson } from "@/lib/console/console-route.ts";
import { ConsoleCreateSubscription, staffCreateSubscription } from "@/lib/console/webhooks/manage-webhooks.ts";

export const POST = consoleJson(async (context, request) =>
  staffCreateSubscription(context, await consoleBody(request, ConsoleCreateSubscription)),
);
