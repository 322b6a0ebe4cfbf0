// GET / PATCH / DELETE /api/v1/webhooks/subscriptions/{subscriptionId} – one subscription
import { apiRoute } from "@/lib/api/route.ts";
import { deleteSubscription, getSubscription, updateSubscription } from "@/lib/webhooks/manage-subscriptions.ts";
import * as operations from "@/lib/api/operations/webhooks.ts";

export const GET = apiRoute(operations.getWebhookSubscription, (context) =>
  getSubscription(context, context.params.subscriptionId),
);
export const PATCH = apiRoute(operations.updateWebhookSubscription, (context) =>
  updateSubscription(context, context.params.subscriptionId, context.body),
);
export const DELETE = apiRoute(operations.deleteWebhookSubscription, (context) =>
  deleteSubscription(context, context.params.subscriptionId),
);
