// POST /v1/checkout/sessions, GET /v1/checkout/sessions/{session}, POST …/{session}/expire.
import type Stripe from "stripe";
import { invalidRequest } from "../errors.ts";
import type { JsonObject } from "../json.ts";
import { buildCheckoutSession, lineItemTotals } from "../objects/checkout-session.ts";
import { NO_REQUEST } from "../objects/event.ts";
import { optionalInteger, optionalObject, optionalString } from "../params.ts";
import { SUPPORTED_CURRENCIES } from "../fees.ts";
import type { Caller, World } from "../world.ts";

const HOUR = 60 * 60;

/** What Checkout keeps for the PaymentIntent it makes when the payer pays. */
export interface PendingIntentData {
  captureMethod: Stripe.PaymentIntent.CaptureMethod;
  metadata: Record<string, string>;
  transferGroup: string | null;
  description: string | null;
}

export const intentDataOfSession = new WeakMap<Stripe.Checkout.Session, PendingIntentData>();

export function createCheckoutSession(world: World, caller: Caller, params: JsonObject): Stripe.Checkout.Session {
  if (optionalString(params, "mode") !== "payment") {
    throw invalidRequest("The stand-in serves `mode=payment` Checkout Sessions only.", { param: "mode" });
  }
  const items = lineItemTotals(params);
  if (items.length === 0) {
    throw invalidRequest("`line_items` is required in `payment` mode.", {
      code: "parameter_missing",
      param: "line_items",
    });
  }
  items.forEach((item, index) => {
    if (item.unitAmount === 0 && item.currency === "") {
      throw invalidRequest(`You must specify either \`price\` or \`price_data\` for line_items[${index}].`, {
        param: `line_items[${index}]`,
      });
    }
  });
  const currency = items[0]!.currency;
  if (items.some((item) => item.currency !== currency)) {
    throw invalidRequest("All line items must have the same currency.", { param: "line_items" });
  }
  if (!SUPPORTED_CURRENCIES.includes(currency)) {
    throw invalidRequest(`The stand-in serves ${SUPPORTED_CURRENCIES.join(" and ")} only.`, {
      param: "line_items[0][price_data][currency]",
    });
  }
  if (!optionalString(params, "success_url")) {
    throw invalidRequest("Missing required param: success_url.", { code: "parameter_missing", param: "success_url" });
  }
  const created = world.clock.now();
  const expiresAt = optionalInteger(params, "expires_at") ?? created + 24 * HOUR;
  // Stripe's window: 30 minutes to 24 hours after creation.
  if (expiresAt < created + HOUR / 2 || expiresAt > created + 24 * HOUR) {
    throw invalidRequest(
      "The `expires_at` timestamp must be at least 30 minutes and at most 24 hours after the Checkout Session is created.",
      { param: "expires_at" },
    );
  }
  const session = buildCheckoutSession({
    params,
    created,
    expiresAt,
    publicUrl: world.settings.publicUrl,
    amount: items.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0),
    currency,
  });
  const intentData = optionalObject(params, "payment_intent_data") ?? {};
  intentDataOfSession.set(session, {
    captureMethod: optionalString(intentData, "capture_method") === "manual" ? "manual" : "automatic",
    metadata: (optionalObject(intentData, "metadata") as Record<string, string> | null) ?? {},
    transferGroup: optionalString(intentData, "transfer_group"),
    description: optionalString(intentData, "description"),
  });
  world.state.checkoutSessions.add(caller.account, session);
  world.scheduler.at(expiresAt * 1000, `expire ${session.id}`, () => {
    if (session.status === "open") expire(world, caller.account, session, NO_REQUEST);
  });
  return session;
}

function expire(world: World, owner: string, session: Stripe.Checkout.Session, request: Caller["request"]) {
  session.status = "expired";
  session.url = null;
  world.events.publish(owner, "checkout.session.expired", session, request);
}

export function expireCheckoutSession(world: World, caller: Caller, id: string): Stripe.Checkout.Session {
  const session = world.state.checkoutSessions.get(caller.account, id, "session");
  if (session.status !== "open") {
    throw invalidRequest(
      `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
    );
  }
  expire(world, caller.account, session, caller.request);
  return session;
}
