// Webhook subscriptions and the delivery log (decisions.md §5).
import { z } from "zod";
import { EVENT_NAMES } from "./event-names.ts";

const Url = z.string().min(1).max(2048).meta({
  description: "https address of your endpoint (http only to localhost, sandbox).",
  example: "https://marketplace.example/webhooks/escrow",
});
const Events = z
  .array(z.enum(EVENT_NAMES))
  .max(EVENT_NAMES.length)
  .meta({ description: "Event names to receive; an empty list (the default) means every event." });

export const SubscriptionParams = z.strictObject({ subscriptionId: z.string().min(1).max(64) });

export const CreateSubscriptionBody = z
  .strictObject({ url: Url, events: Events.optional(), description: z.string().max(500).optional() })
  .meta({ id: "CreateWebhookSubscriptionRequest" });

export const UpdateSubscriptionBody = z
  .strictObject({
    url: Url.optional(),
    events: Events.optional(),
    description: z.string().max(500).nullable().optional(),
    enabled: z.boolean().optional(),
  })
  .meta({ id: "UpdateWebhookSubscriptionRequest" });

export const Subscription = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.string()),
    description: z.string().nullable(),
    enabled: z.boolean(),
    disabledReason: z
      .string()
      .nullable()
      .meta({ description: "Why the service disabled it (e.g. the endpoint answered 410 Gone)." }),
    createdAt: z.string(),
    secretRotatedUntil: z
      .string()
      .nullable()
      .meta({ description: "Until when the previous secret still signs, after a rotation." }),
  })
  .meta({ id: "WebhookSubscription" });

export const SubscriptionWithSecret = Subscription.extend({
  secret: z.string().meta({ description: "The signing secret (whsec_…), shown only in this response." }),
}).meta({ id: "WebhookSubscriptionWithSecret" });

export const SubscriptionList = z
  .object({ subscriptions: z.array(Subscription) })
  .meta({ id: "WebhookSubscriptionList" });

export const EventsQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  tradeId: z.string().min(1).max(64).optional(),
  eventName: z.enum(EVENT_NAMES).optional(),
  status: z
    .enum(["Pending", "Succeeded", "Failed", "Cancelled"])
    .optional()
    .meta({ description: "Events with at least one delivery in this status." }),
});

const Attempt = z.object({
  attemptNumber: z.number().int(),
  requestUrl: z.string(),
  requestHeaders: z.record(z.string(), z.string()),
  responseStatus: z.number().int().nullable(),
  responseExcerpt: z.string().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
});

const Delivery = z.object({
  deliveryId: z.string(),
  subscriptionId: z.string(),
  status: z.enum(["Pending", "Succeeded", "Failed", "Cancelled"]),
  attemptCount: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  attempts: z.array(Attempt),
});

export const WebhookEvent = z
  .object({
    id: z.string(),
    eventName: z.string(),
    tradeId: z.string().nullable(),
    createdAt: z.string(),
    payload: z.record(z.string(), z.unknown()).meta({ description: "The body exactly as delivered." }),
    deliveries: z.array(Delivery),
  })
  .meta({ id: "WebhookEvent" });

export const WebhookEventList = z
  .object({
    events: z.array(WebhookEvent),
    pagination: z.object({ page: z.number().int(), pageSize: z.number().int(), totalCount: z.number().int() }),
  })
  .meta({ id: "WebhookEventList" });

export const EventParams = z.strictObject({ eventId: z.string().min(1).max(64) });
export const RedeliverResponse = z
  .object({ eventId: z.string(), deliveries: z.number().int().meta({ description: "Deliveries scheduled now." }) })
  .meta({ id: "RedeliverResponse" });
