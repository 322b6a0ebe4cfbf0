// POST /console/api/webhooks/subscriptions/{id}/rotate-secret – a new signing secret, shown once (admins)
import { consoleJson } from "@/lib/console/console-route.ts";
import { staffRotateSecret } from "@/lib/console/webhooks/manage-webhooks.ts";

export const POST = consoleJson(async (context, _request, { subscriptionId }) =>
  staffRotateSecret(context, subscriptionId!),
);
