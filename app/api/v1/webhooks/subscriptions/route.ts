// GET / POST /api/v1/webhooks/subscriptions – list, or subscribe an endpoint (secret shown once)
import { apiRoute } from "@/lib/api/route.ts";
import { createSubscription, listSubscriptions } from "@/lib/webhooks/manage-subscriptions.ts";
import * as operations from "@/lib/api/operations/webhooks.ts";

export const GET = apiRoute(operations.listWebhookSubscriptions, (context) => listSubscriptions(context));
export const POST = apiRoute(operations.createWebhookSubscription, (context) =>
  createSubscription(context, context.body),
);
