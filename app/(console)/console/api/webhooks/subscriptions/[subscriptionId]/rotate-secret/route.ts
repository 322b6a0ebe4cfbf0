// POST /console/api/webhooks/subscriptions/{id}/rotate-secret – a new signing secret, shown once (admins)
import { consoleRoute } from "@/lib/console/console-route.ts";
import { webhookSubscriptionRotateSecret } from "@/lib/console/operations/webhooks.ts";
import { staffRotateSecret } from "@/lib/console/webhooks/manage-webhooks.ts";

export const POST = consoleRoute(webhookSubscriptionRotateSecret, (context, { params }) =>
  staffRotateSecret(context, params.subscriptionId),
);
