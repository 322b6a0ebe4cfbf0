// POST /console/api/webhooks/subscriptions/{id}/test – send a signed webhook.test event to this endpoint (admins)
import { consoleJson } from "@/lib/console/console-route.ts";
import { staffSendTestEvent } from "@/lib/console/webhooks/manage-webhooks.ts";

export const POST = consoleJson(async (context, _request, { subscriptionId }) =>
  staffSendTestEvent(context, subscriptionId!),
);
