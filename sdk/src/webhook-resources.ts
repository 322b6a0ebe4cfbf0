// client.webhooks: subscriptions, the delivery log, redelivery, and verify for your receiver.
import { numberedPages } from "./pagination.ts";
import { init, unwrap, type Api, type CallOptions, type QueryOf, type Schemas } from "./http.ts";
import { verifyWebhook } from "./webhooks.ts";

export type WebhookSubscription = Schemas["WebhookSubscription"];
export type WebhookDelivery = Schemas["WebhookEvent"];

export function webhooksResource(api: Api) {
  const path = (subscriptionId: string) => ({ path: { subscriptionId } });
  return {
    subscriptions: {
      /** Subscribes a URL; the answer's `secret` (whsec_…) is shown only now: keep it for verify. */
      create: (body: Schemas["CreateWebhookSubscriptionRequest"], options?: CallOptions) =>
        unwrap<Schemas["WebhookSubscriptionWithSecret"]>(
          api.POST("/v1/webhooks/subscriptions", { body, ...init(options) }),
        ),
      list: async (options?: CallOptions) =>
        (await unwrap<Schemas["WebhookSubscriptionList"]>(api.GET("/v1/webhooks/subscriptions", init(options))))
          .subscriptions,
      get: (subscriptionId: string, options?: CallOptions) =>
        unwrap<Schemas["WebhookSubscription"]>(
          api.GET("/v1/webhooks/subscriptions/{subscriptionId}", { params: path(subscriptionId), ...init(options) }),
        ),
      update: (subscriptionId: string, body: Schemas["UpdateWebhookSubscriptionRequest"], options?: CallOptions) =>
        unwrap<Schemas["WebhookSubscription"]>(
          api.PATCH("/v1/webhooks/subscriptions/{subscriptionId}", {
            params: path(subscriptionId),
            body,
            ...init(options),
          }),
        ),
      delete: async (subscriptionId: string, options?: CallOptions): Promise<void> => {
        await unwrap<void>(
          api.DELETE("/v1/webhooks/subscriptions/{subscriptionId}", { params: path(subscriptionId), ...init(options) }),
        );
      },
      /** A new secret; the old one keeps signing too for a grace period. */
      rotateSecret: (subscriptionId: string, options?: CallOptions) =>
        unwrap<Schemas["WebhookSubscriptionWithSecret"]>(
          api.POST("/v1/webhooks/subscriptions/{subscriptionId}/rotate-secret", {
            params: path(subscriptionId),
            ...init(options),
          }),
        ),
    },

    events: {
      /** The delivery log: each event with its deliveries and attempts, newest first, page after page. */
      list: ({ page = 1, ...query }: QueryOf<"listWebhookEvents"> = {}, options?: CallOptions) =>
        numberedPages<WebhookDelivery>(page, async (p) => {
          const list = await unwrap<Schemas["WebhookEventList"]>(
            api.GET("/v1/webhooks/events", { params: { query: { ...query, page: p } }, ...init(options) }),
          );
          return { items: list.events, pageSize: list.pagination.pageSize, totalCount: list.pagination.totalCount };
        }),
      redeliver: (eventId: string, options?: CallOptions) =>
        unwrap<Schemas["RedeliverResponse"]>(
          api.POST("/v1/webhooks/events/{eventId}/redeliver", { params: { path: { eventId } }, ...init(options) }),
        ),
    },

    /** Verifies a delivery's signature on the raw body and returns the typed event (see verifyWebhook). */
    verify: verifyWebhook,
  };
}
