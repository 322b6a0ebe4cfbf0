// Verifies a message from a Shipmondo webhook and returns what it carries. Shipmondo's webhook
// documentation (shipmondo.dev/docs/webhooks/requirements-and-structure; the help centre's "Webhook
// message structure"): the body is `{"data": "<JWT>"}`, the JWT signed with HS256 under the key given
// when the webhook was created, and decoded it is `{ webhook, data, url }`: the webhook's name, the
// object as its GET endpoint would answer it, and the endpoint it was sent to.
//
// The JWT's payload is not a claims object: the documented example token's payload
// ("IntcIndlYmhvb2tcIjpc…") decodes to a JSON *string* holding the JSON object. jose's jwtVerify
// insists on a top-level claims object and would refuse every real message, so the signature is
// checked with jose's compactVerify (HS256 only: no `none`, no other algorithm) and the payload
// decoded here, one level of string encoding at most. Shipmondo documents no `exp` and no event id;
// an `exp` that is present is still enforced, and a replay of an old message is left to the caller
// (applying the same tracking event twice must change nothing).
import { compactVerify, errors as joseErrors } from "jose";

export type WebhookRefusal = "malformed" | "missing_data" | "bad_signature" | "expired" | "bad_payload";

export class ShipmondoWebhookRefused extends Error {
  override readonly name = "ShipmondoWebhookRefused";
  readonly reason: WebhookRefusal;

  constructor(reason: WebhookRefusal, message: string) {
    super(message);
    this.reason = reason;
  }
}

export interface ShipmondoWebhookMessage {
  /** The name the webhook was created with. */
  webhook: string;
  /** The object the message is about (a shipment, for shipments and Shipment Monitor). */
  data: Record<string, unknown>;
  /** The endpoint Shipmondo sent it to. */
  url: string | null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function tokenOf(rawBody: string): string {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new ShipmondoWebhookRefused("malformed", "The webhook body is not JSON");
  }
  if (!isObject(body) || typeof body.data !== "string" || body.data === "") {
    throw new ShipmondoWebhookRefused("missing_data", 'The webhook body has no "data" token');
  }
  return body.data;
}

function decodePayload(payload: Uint8Array): unknown {
  try {
    const once = JSON.parse(new TextDecoder().decode(payload)) as unknown;
    return typeof once === "string" ? (JSON.parse(once) as unknown) : once;
  } catch {
    throw new ShipmondoWebhookRefused("bad_payload", "The webhook token's payload is not JSON");
  }
}

export async function verifyShipmondoWebhook(
  rawBody: string,
  webhookKey: string,
  now: Date = new Date(),
): Promise<ShipmondoWebhookMessage> {
  if (webhookKey === "") throw new RangeError("A Shipmondo webhook key cannot be empty");
  const token = tokenOf(rawBody);
  let payload: Uint8Array;
  try {
    ({ payload } = await compactVerify(token, new TextEncoder().encode(webhookKey), { algorithms: ["HS256"] }));
  } catch (error) {
    if (error instanceof joseErrors.JWSSignatureVerificationFailed) {
      throw new ShipmondoWebhookRefused(
        "bad_signature",
        "The webhook token's signature does not match the webhook key",
      );
    }
    throw new ShipmondoWebhookRefused("malformed", "The webhook token is not an HS256 JWT");
  }
  const message = decodePayload(payload);
  if (!isObject(message) || !isObject(message.data)) {
    throw new ShipmondoWebhookRefused("bad_payload", "The webhook token carries no data object");
  }
  if (typeof message.exp === "number" && message.exp * 1000 <= now.getTime()) {
    throw new ShipmondoWebhookRefused("expired", "The webhook token has expired");
  }
  return {
    webhook: typeof message.webhook === "string" ? message.webhook : "",
    data: message.data,
    url: typeof message.url === "string" ? message.url : null,
  };
}
