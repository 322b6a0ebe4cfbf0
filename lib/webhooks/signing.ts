// Standard Webhooks signatures (webhook-id, webhook-timestamp, webhook-signature), made with the
// `standardwebhooks` package so that its verify() — which tenants use — accepts exactly what we
// send. After a rotation the previous secret signs too, space-separated, until it expires.
import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { openSecret, sealSecret } from "../crypto/secret-box.ts";

/**
 * Associated data of a sealed signing secret: what it is and whose. It opens only as the signing
 * secret of that subscription, so a sealed value copied into another row does not sign there.
 */
const purposeOf = (subscriptionId: string) => `webhook-signing-secret:${subscriptionId}`;

/** How a subscription's signing secret is stored: sealed under the data key (lib/crypto/secret-box.ts). */
export const sealSigningSecret = (subscriptionId: string, secret: string) =>
  sealSecret(secret, purposeOf(subscriptionId));

/** The signing secret as it was made, from how it is stored. */
export const openSigningSecret = (subscriptionId: string, stored: string) =>
  openSecret(stored, purposeOf(subscriptionId));

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
export function activeSecrets(
  subscription: { id: string; secret: string; previousSecret: string | null; previousSecretExpiresAt: Date | null },
  now: Date,
): string[] {
  const previous =
    subscription.previousSecret && subscription.previousSecretExpiresAt && subscription.previousSecretExpiresAt > now
      ? [subscription.previousSecret]
      : [];
  return [subscription.secret, ...previous].map((stored) => openSigningSecret(subscription.id, stored));
}
