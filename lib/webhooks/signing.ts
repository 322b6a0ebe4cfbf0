// Standard Webhooks signatures (webhook-id, webhook-timestamp, webhook-signature), made with the
// `standardwebhooks` package so that its verify() — which tenants use — accepts exactly what we
// send. After a rotation the previous secret signs too, space-separated, until it expires.
import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { openSecret, sealSecret } from "../crypto/secret-box.ts";

/** Associated data of sealed signing secrets: they open only as what they are. */
export const SIGNING_SECRET_PURPOSE = "webhook-signing-secret";
const PURPOSE = SIGNING_SECRET_PURPOSE;

/** How a signing secret is stored: sealed under the data key (lib/crypto/secret-box.ts). */
export const sealSigningSecret = (secret: string) => sealSecret(secret, PURPOSE);

export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

export function signedHeaders(messageId: string, body: string, secrets: string[], now: Date): Record<string, string> {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(messageId, now, body));
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
    "webhook-signature": signatures.join(" "),
  };
}

/**
 * The secrets that sign now, opened from how they are stored: the current one, and the previous
 * one until its grace period ends.
 */
export function activeSecrets(subscription: { secret: string; previousSecret: string | null; previousSecretExpiresAt: Date | null }, now: Date): string[] {
  const previous = subscription.previousSecret && subscription.previousSecretExpiresAt && subscription.previousSecretExpiresAt > now ? [subscription.previousSecret] : [];
  return [subscription.secret, ...previous].map((stored) => openSecret(stored, PURPOSE));
}
