// A test file's Stripe rail: our rail-events route on a real HTTP listener, the Stripe stand-in
// sending its signed webhooks there (the platform's endpoint, and the Connect endpoint when a
// secret for it is given), and the app configured for PAYMENT_RAIL=stripe at the stand-in. Set up
// before the file's tests and torn down after, the environment restored.
import { afterAll, beforeAll } from "vitest";
import { startStripeStandIn, type StripeStandIn } from "../stand-ins/stripe/server.ts";
import { startRailEventReceiver, type RailEventReceiver } from "./rail-event-receiver.ts";

export function withStripeRail(
  options: { apiKey: string; webhookSecret: string; connectWebhookSecret?: string },
  started: (standIn: StripeStandIn) => void,
): void {
  let standIn: StripeStandIn;
  let receiver: RailEventReceiver;
  const saved = { ...process.env };
  beforeAll(async () => {
    receiver = await startRailEventReceiver("stripe");
    const { apiKey, webhookSecret, connectWebhookSecret } = options;
    standIn = await startStripeStandIn({
      apiKey,
      webhookEndpoints: [
        { url: receiver.url, secret: webhookSecret, connect: false },
        ...(connectWebhookSecret ? [{ url: receiver.url, secret: connectWebhookSecret, connect: true }] : []),
      ],
    });
    Object.assign(process.env, {
      PAYMENT_RAIL: "stripe",
      STRIPE_SECRET_KEY: apiKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      ...(connectWebhookSecret && { STRIPE_CONNECT_WEBHOOK_SECRET: connectWebhookSecret }),
      STRIPE_API_BASE: standIn.url,
    });
    started(standIn);
  });
  afterAll(async () => {
    process.env = saved;
    await standIn.stop();
    await receiver.close();
  });
}
