// Webhook operations (decisions.md §5).
import { COMMON_ERRORS, defineOperation } from "../operation.ts";
import {
  CreateSubscriptionBody,
  EventParams,
  EventsQuery,
  RedeliverResponse,
  Subscription,
  SubscriptionList,
  SubscriptionParams,
  SubscriptionWithSecret,
  UpdateSubscriptionBody,
  WebhookEventList,
} from "../../webhooks/schemas.ts";

const BODY = ["malformed-request", "payload-too-large"] as const;
const IDEMPOTENCY = ["idempotency-in-progress", "idempotency-key-mismatch"] as const;
const base = "/v1/webhooks/subscriptions";

export const createWebhookSubscription = defineOperation({
  operationId: "createWebhookSubscription",
  method: "POST",
  path: base,
  summary: "Create a webhook subscription",
  description:
    "Subscribes an https endpoint to events (all by default). The response carries the signing " +
    "secret (`whsec_…`), shown only here. Events are signed per Standard Webhooks: verify them " +
    "with the `standardwebhooks` package and this secret.",
  tags: ["Webhooks"],
  body: CreateSubscriptionBody,
  response: SubscriptionWithSecret,
  errors: [...COMMON_ERRORS, ...BODY, ...IDEMPOTENCY, "conflict"],
});

export const listWebhookSubscriptions = defineOperation({
  operationId: "listWebhookSubscriptions",
  method: "GET",
  path: base,
  summary: "List webhook subscriptions",
  description:
    "The subscriptions of this token's mode (a test token sees the test ones, a live token the " +
    "live ones), oldest first; never their secrets, which are shown only when made or rotated.",
  tags: ["Webhooks"],
  response: SubscriptionList,
  errors: [...COMMON_ERRORS],
});

export const getWebhookSubscription = defineOperation({
  operationId: "getWebhookSubscription",
  method: "GET",
  path: `${base}/{subscriptionId}`,
  summary: "Get a webhook subscription",
  description:
    "One subscription of this token's mode, without its secret (the secret is shown only when it is created or rotated).",
  tags: ["Webhooks"],
  params: SubscriptionParams,
  response: Subscription,
  errors: [...COMMON_ERRORS, "not-found"],
});

export const updateWebhookSubscription = defineOperation({
  operationId: "updateWebhookSubscription",
  method: "PATCH",
  path: `${base}/{subscriptionId}`,
  summary: "Update a webhook subscription",
  description: "Changes the url, the events, the description, or turns it on or off.",
  tags: ["Webhooks"],
  params: SubscriptionParams,
  body: UpdateSubscriptionBody,
  response: Subscription,
  errors: [...COMMON_ERRORS, ...BODY, "not-found"],
});

export const deleteWebhookSubscription = defineOperation({
  operationId: "deleteWebhookSubscription",
  method: "DELETE",
  path: `${base}/{subscriptionId}`,
  summary: "Delete a webhook subscription",
  description:
    "Stops all deliveries to the endpoint at once. Its deliveries and their attempts are " +
    "deleted with it; the events stay in the log (List webhook events) and can be sent to " +
    "another subscription with Redeliver.",
  tags: ["Webhooks"],
  params: SubscriptionParams,
  successStatus: 204,
  responseDescription: "Deleted",
  errors: [...COMMON_ERRORS, "not-found"],
});

export const rotateWebhookSecret = defineOperation({
  operationId: "rotateWebhookSecret",
  method: "POST",
  path: `${base}/{subscriptionId}/rotate-secret`,
  summary: "Rotate the signing secret",
  description:
    "Issues a new secret (shown only here). For 24 hours the previous secret signs too: " +
    "`webhook-signature` then carries both signatures, so receivers can switch without losing " +
    "an event.",
  tags: ["Webhooks"],
  params: SubscriptionParams,
  response: SubscriptionWithSecret,
  errors: [...COMMON_ERRORS, ...IDEMPOTENCY, "not-found"],
});

export const listWebhookEvents = defineOperation({
  operationId: "listWebhookEvents",
  method: "GET",
  path: "/v1/webhooks/events",
  summary: "List events and their deliveries",
  description:
    "Every event written for this tenant and mode, newest first, with each delivery and every " +
    "attempt (request headers, response status, excerpt, duration, error). Filter by trade, " +
    "event name or delivery status. Events are kept; a finished delivery and its attempts are " +
    "kept for 30 days after it finished (the operator's setting), after which the event lists " +
    "no delivery for it (redeliver sends it again). May be read from a database replica: it shows " +
    "everything committed at least 2 seconds before the call (the operator's bound), not always what is newer.",
  tags: ["Webhooks"],
  query: EventsQuery,
  response: WebhookEventList,
  errors: [...COMMON_ERRORS],
});

export const redeliverWebhookEvent = defineOperation({
  operationId: "redeliverWebhookEvent",
  method: "POST",
  path: "/v1/webhooks/events/{eventId}/redeliver",
  summary: "Redeliver an event",
  description:
    "Sends the event again, now, to every enabled subscription that wants it (a new attempt of each delivery).",
  tags: ["Webhooks"],
  params: EventParams,
  response: RedeliverResponse,
  errors: [...COMMON_ERRORS, ...IDEMPOTENCY, "not-found"],
});
