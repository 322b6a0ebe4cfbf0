// POST /console/api/webhooks/subscriptions/{id} – edit the URL, events, description or turn it on/off (admins)
import { consoleBody, consoleJson } from "@/lib/console/console-route.ts";
import { ConsoleUpdateSubscription, staffUpdateSubscription } from "@/lib/console/webhooks/manage-webhooks.ts";

export const POST = consoleJson(async (context, request, { subscriptionId }) =>
  staffUpdateSubscription(context, subscriptionId!, await consoleBody(request, ConsoleUpdateSubscription)),
);
