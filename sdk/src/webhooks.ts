// webhooks.verify: checks a delivery's Standard Webhooks signature on the raw body, then returns the
// event typed from the OpenAPI document's `webhooks` section, narrowed by its eventName.
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import type { webhooks } from "./schema.ts";

export type WebhookEventName = keyof webhooks;
type BodyOf<K extends WebhookEventName> = NonNullable<
  webhooks[K]["post"]["requestBody"]
>["content"]["application/json"];

/** Every event body, as a union discriminated by `eventName`: `switch (event.eventName)` narrows it. */
export type WebhookEvent = {
  [K in WebhookEventName]: Omit<BodyOf<K>, "eventName"> & { eventName: K };
}[WebhookEventName];
/** The body of one event. */
export type WebhookEventOf<K extends WebhookEventName> = Extract<WebhookEvent, { eventName: K }>;

/** Headers as Node's `request.headers`, a fetch `Headers`, or a plain record. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export { WebhookVerificationError };

function plainHeaders(headers: WebhookHeaders): Record<string, string> {
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  const plain: Record<string, string> = {};
  for (const [name, value] of entries)
    if (value !== undefined) plain[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  return plain;
}

/**
 * Verifies a delivery and returns its event. `body` must be the raw request body exactly as
 * received (verify before parsing JSON); `secret` is the subscription's `whsec_…`. Throws
 * WebhookVerificationError when the signature does not match or the timestamp is more than five
 * minutes away from now (a replay).
 */
export function verifyWebhook(body: string | Uint8Array, headers: WebhookHeaders, secret: string): WebhookEvent {
  const payload = typeof body === "string" ? body : new TextDecoder().decode(body);
  return new Webhook(secret).verify(payload, plainHeaders(headers)) as WebhookEvent;
}
