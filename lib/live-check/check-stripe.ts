// The Stripe rail (PAYMENT_RAIL_LIVE=stripe): its secret key is there and is a live key, one real
// call with it succeeds, and both webhook endpoints' signing secrets are set. The call is the
// balance (GET /v1/balance) through the rail's own client factory (stripeClient), so it goes
// where the rail's calls go (STRIPE_API_BASE included) with the key the rail would use: it reads
// nothing but proves the key is Stripe's and may read what reconciliation reads. Retrieving the
// platform account (GET /v1/account) would say more, but the tests' stand-in does not serve it.
//
// Stripe's error messages quote part of the key ("Invalid API Key provided: sk_test_****abcd"),
// so a refusal is described from its type and status only.
import Stripe from "stripe";
import { publicBaseUrl } from "../config.ts";
import { stripeClient } from "../payments/stripe/stripe-client.ts";
import { fail, pass, type Check, type LiveCheckTarget, type Registration, type Section } from "./report.ts";
import { secretCheck } from "./setting-checks.ts";

const KEY = "STRIPE_SECRET_KEY";

/** The platform's events (docs/payments.md, Stripe): payments, refunds, disputes. */
export const STRIPE_PLATFORM_EVENTS = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
  "payment_intent.succeeded",
  "payment_intent.payment_failed",
  "refund.created",
  "refund.updated",
  "refund.failed",
  "charge.dispute.created",
  "charge.dispute.updated",
  "charge.dispute.closed",
];
/** The connected accounts' events: the payees' payouts. */
export const STRIPE_CONNECT_EVENTS = ["payout.paid", "payout.failed", "payout.canceled", "payout.updated"];

function keyKindCheck(key: string, target: LiveCheckTarget): Check {
  const kind = /^(sk|rk)_(live|test)_/.exec(key);
  if (!kind) return fail("key kind", `${KEY} is not a Stripe secret key (sk_live_… or rk_live_…)`, [KEY]);
  const shape = `${kind[1]}_${kind[2]}_…`;
  if (kind[2] === "live") return pass("key kind", `a live key (${shape})`, [KEY]);
  if (target === "rehearsal")
    return pass("key kind", `a test key (${shape}): payments are Stripe's test payments`, [KEY]);
  return fail(
    "key kind",
    `a test key (${shape}) is configured: live mode would take no real money; set the sk_live_ key`,
    [KEY],
  );
}

function apiBaseCheck(target: LiveCheckTarget): Check | null {
  const base = process.env.STRIPE_API_BASE?.trim();
  if (!base) return null;
  const detail = `set to ${base}: the rail talks to it instead of Stripe`;
  return target === "rehearsal"
    ? pass("STRIPE_API_BASE", detail, ["STRIPE_API_BASE"])
    : fail("STRIPE_API_BASE", `${detail}; unset it for live`, ["STRIPE_API_BASE"]);
}

function refusal(error: unknown): Check {
  const name = "API call (GET /v1/balance)";
  if (error instanceof Stripe.errors.StripeAuthenticationError) {
    return fail(name, `Stripe refused ${KEY} (401): the key is wrong, revoked or of another account`, [KEY]);
  }
  if (error instanceof Stripe.errors.StripePermissionError) {
    return fail(name, `${KEY} may not read the balance (403): give the restricted key Balance read`, [KEY]);
  }
  if (error instanceof Stripe.errors.StripeConnectionError) {
    const base = process.env.STRIPE_API_BASE?.trim();
    return fail(name, `Stripe could not be reached${base ? ` at ${base}` : ""}`, base ? ["STRIPE_API_BASE"] : []);
  }
  if (error instanceof Stripe.errors.StripeError) {
    return fail(name, `Stripe answered ${error.type}${error.statusCode ? ` (${error.statusCode})` : ""}`, [KEY]);
  }
  return fail(name, `the call failed (${error instanceof Error ? error.name : "error"})`, [KEY]);
}

async function apiCallCheck(): Promise<Check> {
  try {
    const balance = await stripeClient().balance.retrieve();
    return pass(
      "API call (GET /v1/balance)",
      `Stripe answered with the ${balance.livemode ? "live" : "test"} balance`,
      [KEY],
    );
  } catch (error) {
    return refusal(error);
  }
}

function webhookSecretCheck(name: string, what: string, required: boolean): Check {
  const { value, check } = secretCheck(name, what);
  if (!value) return required ? check : { ...check, status: "warn" };
  if (!value.startsWith("whsec_")) return fail(name, "is not a Stripe signing secret (whsec_…)", [name]);
  return check;
}

function registrations(): Registration[] {
  const url = `${publicBaseUrl()}/rail-events/stripe`;
  return [
    { what: "webhook endpoint (your account's events) → STRIPE_WEBHOOK_SECRET", url, with: STRIPE_PLATFORM_EVENTS },
    {
      what: "webhook endpoint (connected accounts' events) → STRIPE_CONNECT_WEBHOOK_SECRET",
      url,
      with: STRIPE_CONNECT_EVENTS,
    },
  ];
}

export async function checkStripe(target: LiveCheckTarget): Promise<Section> {
  const key = secretCheck(KEY, "the secret API key of the Stripe account (Developers → API keys)");
  const checks: Check[] = [key.check];
  if (key.value) {
    checks.push(keyKindCheck(key.value, target));
    const base = apiBaseCheck(target);
    if (base) checks.push(base);
    checks.push(await apiCallCheck());
  }
  checks.push(
    webhookSecretCheck("STRIPE_WEBHOOK_SECRET", "the signing secret of the endpoint for your account's events", true),
    webhookSecretCheck(
      "STRIPE_CONNECT_WEBHOOK_SECRET",
      "the signing secret of the endpoint for connected accounts' events (without it payouts are found by the 15-minute poll)",
      false,
    ),
  );
  return { id: "stripe", title: "Stripe (payment rail)", checks, register: registrations() };
}
