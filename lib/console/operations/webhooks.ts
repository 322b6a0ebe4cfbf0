// The console's webhook endpoints: the delivery log, the tenant's endpoints, and sending an event again.
import type { listDeliveries } from "../webhooks/list-deliveries.ts";
import { DeliveryFilters } from "../webhooks/delivery-filters.ts";
import type {
  staffCreateSubscription,
  staffDeleteSubscription,
  staffRotateSecret,
  staffSendTestEvent,
  staffUpdateSubscription,
} from "../webhooks/manage-webhooks.ts";
import { ConsoleCreateSubscription, ConsoleUpdateSubscription } from "../webhooks/subscription-bodies.ts";
import type { staffRedeliverEvent } from "../trades/staff-trade-actions.ts";
import { consoleOperation, type ResultOf } from "./operation.ts";

export const webhookDeliveryList = consoleOperation<ResultOf<typeof listDeliveries>>()({
  method: "GET",
  path: "/console/api/webhooks/deliveries",
  query: DeliveryFilters,
});

export const webhookSubscriptionCreate = consoleOperation<ResultOf<typeof staffCreateSubscription>>()({
  method: "POST",
  path: "/console/api/webhooks/subscriptions",
  body: ConsoleCreateSubscription,
});

export const webhookSubscriptionUpdate = consoleOperation<ResultOf<typeof staffUpdateSubscription>>()({
  method: "POST",
  path: "/console/api/webhooks/subscriptions/{subscriptionId}",
  body: ConsoleUpdateSubscription,
});

export const webhookSubscriptionDelete = consoleOperation<ResultOf<typeof staffDeleteSubscription>>()({
  method: "POST",
  path: "/console/api/webhooks/subscriptions/{subscriptionId}/delete",
});

export const webhookSubscriptionRotateSecret = consoleOperation<ResultOf<typeof staffRotateSecret>>()({
  method: "POST",
  path: "/console/api/webhooks/subscriptions/{subscriptionId}/rotate-secret",
});

export const webhookSubscriptionTest = consoleOperation<ResultOf<typeof staffSendTestEvent>>()({
  method: "POST",
  path: "/console/api/webhooks/subscriptions/{subscriptionId}/test",
});

export const webhookEventRedeliver = consoleOperation<ResultOf<typeof staffRedeliverEvent>>()({
  method: "POST",
  path: "/console/api/webhook-events/{eventId}/redeliver",
});
