// The official Stripe SDK, configured from the environment: STRIPE_SECRET_KEY (or _FILE) and, for
// a test run against a stand-in that speaks Stripe's API (tests/stand-ins/stripe), STRIPE_API_BASE.
// One client per configuration, made when first needed. The SDK retries a request that failed on
// the network with the same idempotency key, which is what makes a retry safe.
import Stripe from "stripe";
import { requiredSecret, secretSetting } from "../../secret-setting.ts";

let cached: { key: string; base: string; client: Stripe } | null = null;

export function stripeClient(): Stripe {
  const key = requiredSecret("STRIPE_SECRET_KEY", "the Stripe rail's secret API key");
  const base = process.env.STRIPE_API_BASE?.trim() ?? "";
  if (cached && cached.key === key && cached.base === base) return cached.client;
  const endpoint = base ? new URL(base) : null;
  const client = new Stripe(key, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "marketplace-escrow" },
    ...(endpoint && {
      host: endpoint.hostname,
      port: Number(endpoint.port || (endpoint.protocol === "http:" ? 80 : 443)),
      protocol: endpoint.protocol === "http:" ? "http" : "https",
    }),
  });
  cached = { key, base, client };
  return client;
}

/** The secret that signs the events of our webhook endpoint at Stripe (whsec_…). */
export const stripeWebhookSecret = () =>
  requiredSecret("STRIPE_WEBHOOK_SECRET", "the signing secret of the Stripe webhook endpoint");

/**
 * The secrets of both endpoints: the platform's (STRIPE_WEBHOOK_SECRET) and, where one is
 * registered for connected accounts' events, the Connect endpoint's (STRIPE_CONNECT_WEBHOOK_SECRET).
 */
export const stripeWebhookSecrets = (): string[] => {
  const connect = secretSetting("STRIPE_CONNECT_WEBHOOK_SECRET");
  return connect ? [stripeWebhookSecret(), connect] : [stripeWebhookSecret()];
};

/** At start: the keys the Stripe rail needs are there (their values are not shown). */
export function checkStripeSettings(): void {
  stripeClient();
  stripeWebhookSecret();
}
