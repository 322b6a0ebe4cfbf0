// Runs the Stripe stand-in as its own process, e.g. as a Playwright webServer:
//
//   npx tsx tests/stand-ins/stripe/main.ts
//
// Environment:
//   PORT                           port to listen on (default: a free one)
//   HOST                           default 127.0.0.1
//   STRIPE_STAND_IN_PUBLIC_URL     base of the hosted Checkout links (default: its own URL)
//   STRIPE_WEBHOOK_URL             the platform's webhook endpoint, with STRIPE_WEBHOOK_SECRET (whsec_…)
//   STRIPE_CONNECT_WEBHOOK_URL     the Connect endpoint, with STRIPE_CONNECT_WEBHOOK_SECRET
//   STRIPE_API_KEY                 accept only this secret key (default: any sk_test_ key)
//   STRIPE_PLATFORM_ACCOUNT_ID     the platform's acct_… (default: a fresh one)
//   STRIPE_CHARGE_AVAILABILITY_SECONDS  how long a charge's funds stay pending (default 7 days; 0 in
//                                  the live journey, whose payout is not days away in real time)
//   STRIPE_PAYOUT_ARRIVAL_SECONDS  a payout's arrival, on the stand-in's clock (default 2 days)
// Prints one line, `stripe stand-in listening on <url>`, once it accepts requests; the test
// controls are then under <url>/_stand_in/. Stops on SIGINT/SIGTERM.
import { startStripeStandIn, type WebhookEndpointOption } from "./server.ts";

function endpoint(urlVariable: string, secretVariable: string, connect: boolean): WebhookEndpointOption[] {
  const url = process.env[urlVariable];
  if (!url) return [];
  const secret = process.env[secretVariable];
  if (!secret) throw new Error(`${urlVariable} is set, so ${secretVariable} (whsec_…) must be too`);
  return [{ url, secret, connect }];
}

const seconds = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);

const standIn = await startStripeStandIn({
  chargeAvailabilitySeconds: seconds("STRIPE_CHARGE_AVAILABILITY_SECONDS"),
  payoutArrivalSeconds: seconds("STRIPE_PAYOUT_ARRIVAL_SECONDS"),
  port: process.env.PORT ? Number(process.env.PORT) : 0,
  host: process.env.HOST || undefined,
  publicUrl: process.env.STRIPE_STAND_IN_PUBLIC_URL || undefined,
  apiKey: process.env.STRIPE_API_KEY || undefined,
  platformAccountId: process.env.STRIPE_PLATFORM_ACCOUNT_ID || undefined,
  webhookEndpoints: [
    ...endpoint("STRIPE_WEBHOOK_URL", "STRIPE_WEBHOOK_SECRET", false),
    ...endpoint("STRIPE_CONNECT_WEBHOOK_URL", "STRIPE_CONNECT_WEBHOOK_SECRET", true),
  ],
});
console.log(`stripe stand-in listening on ${standIn.url}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void standIn.stop().then(() => process.exit(0));
  });
}
