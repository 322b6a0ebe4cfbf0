// POST /api/v1/webhooks/subscriptions/{subscriptionId}/rotate-secret – new secret; the old one signs for 24 h more
import { apiRoute } from "@/lib/api/route.ts";
import { rotateSubscriptionSecret } from "@/lib/webhooks/manage-subscriptions.ts";
import * as operations from "@/lib/api/operations/webhooks.ts";

export const POST = apiRoute(operations.rotateWebhookSecret, (context) =>
  rotateSubscriptionSecret(context, context.params.subscriptionId),
);
