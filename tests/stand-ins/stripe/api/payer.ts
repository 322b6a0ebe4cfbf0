// What the payer does on the hosted Checkout page, and what Stripe does in answer: the
// PaymentIntent Checkout creates on the first submission, the charge, the balance transaction
// with Stripe's fee, the events, and the page the payer is sent to next.
import type Stripe from "stripe";
import { invalidRequest } from "../errors.ts";
import { processingFee, type CardPricing } from "../fees.ts";
import { newId } from "../ids.ts";
import { buildCharge, type ChargeMethod, type ChargeResult } from "../objects/charge.ts";
import { NO_REQUEST } from "../objects/event.ts";
import { buildPaymentIntent } from "../objects/payment-intent.ts";
import { findTestCard, type TestCard } from "../test-cards.ts";
import type { World } from "../world.ts";
import { intentDataOfSession } from "./checkout.ts";
import { openDispute } from "./disputes.ts";

/** The payer's choice, as buttons on the page or the completeCheckoutSession control send it. */
export type PayerChoice = { method: "card"; number: string } | { method: "mobilepay" } | { method: "cancel" };

/** Where the payer goes next. */
export type PayerStep =
  | { next: "success"; redirectUrl: string }
  | { next: "cancel"; redirectUrl: string }
  | { next: "retry"; error: string }
  | { next: "authenticate" }
  | { next: "mobilepay" };

interface PendingAuthentication {
  method: ChargeMethod;
  pricing: CardPricing;
  disputed: boolean;
}

const pendingAuthentications = new WeakMap<Stripe.PaymentIntent, PendingAuthentication>();

function openSession(world: World, sessionId: string) {
  const found = world.state.checkoutSessions.find(sessionId);
  if (!found) throw invalidRequest(`No such checkout.session: '${sessionId}'`, { code: "resource_missing" }, 404);
  if (found.object.status !== "open") {
    throw invalidRequest(`This Checkout Session is ${found.object.status} and can no longer be paid.`);
  }
  return found;
}

/** Checkout creates the PaymentIntent on the payer's first submission and reuses it on retries. */
function intentOf(world: World, owner: string, session: Stripe.Checkout.Session): Stripe.PaymentIntent {
  if (typeof session.payment_intent === "string")
    return world.state.paymentIntents.get(owner, session.payment_intent, "intent");
  const data = intentDataOfSession.get(session);
  const intent = buildPaymentIntent({
    amount: session.amount_total ?? 0,
    currency: session.currency ?? "dkk",
    created: world.clock.now(),
    captureMethod: data?.captureMethod ?? "automatic",
    metadata: data?.metadata ?? {},
    transferGroup: data?.transferGroup ?? null,
    description: data?.description ?? null,
    paymentMethodTypes: session.payment_method_types,
  });
  world.state.paymentIntents.add(owner, intent);
  session.payment_intent = intent.id;
  world.events.publish(owner, "payment_intent.created", intent, NO_REQUEST);
  return intent;
}

function successUrl(session: Stripe.Checkout.Session): string {
  return (session.success_url ?? "").replaceAll("{CHECKOUT_SESSION_ID}", session.id);
}

function paymentMethodObject(id: string, method: ChargeMethod, created: number) {
  return method.kind === "card"
    ? {
        id,
        object: "payment_method",
        type: "card",
        created,
        card: { brand: method.card.brand, last4: method.card.last4, country: method.card.country },
      }
    : { id, object: "payment_method", type: "mobilepay", created, mobilepay: {} };
}

function succeed(
  world: World,
  owner: string,
  session: Stripe.Checkout.Session,
  intent: Stripe.PaymentIntent,
  pending: PendingAuthentication,
): PayerStep {
  const now = world.clock.now();
  const captured = intent.capture_method !== "manual";
  const chargeId = newId("ch");
  const paymentMethodId = newId("pm");
  const balanceTransaction = captured
    ? world.ledger.record({
        account: owner,
        amount: intent.amount,
        currency: intent.currency,
        type: "charge",
        reportingCategory: "charge",
        source: chargeId,
        description: intent.description,
        fee: processingFee(intent.amount, intent.currency, pending.pricing),
        availableOn: now + world.settings.chargeAvailabilitySeconds,
      })
    : null;
  const charge = buildCharge({
    id: chargeId,
    paymentIntent: intent,
    method: pending.method,
    result: { kind: "succeeded" },
    captured,
    balanceTransaction: balanceTransaction?.id ?? null,
    paymentMethodId,
    created: now,
    publicUrl: world.settings.publicUrl,
  });
  world.state.charges.add(owner, charge);
  Object.assign(intent, {
    status: captured ? "succeeded" : "requires_capture",
    amount_received: captured ? intent.amount : 0,
    amount_capturable: captured ? 0 : intent.amount,
    latest_charge: charge.id,
    payment_method: paymentMethodId,
    last_payment_error: null,
    next_action: null,
  });
  Object.assign(session, {
    status: "complete",
    // A manually captured payment is authorised, not yet paid.
    payment_status: captured ? "paid" : "unpaid",
    customer_details: {
      address: { city: null, country: "DK", line1: null, line2: null, postal_code: null, state: null },
      business_name: null,
      email: "payer@example.com",
      individual_name: null,
      name: null,
      phone: null,
      tax_exempt: "none",
      tax_ids: [],
    },
    url: null,
  });
  world.events.publish(owner, "charge.succeeded", charge, NO_REQUEST);
  world.events.publish(
    owner,
    captured ? "payment_intent.succeeded" : "payment_intent.amount_capturable_updated",
    intent,
    NO_REQUEST,
  );
  world.events.publish(owner, "checkout.session.completed", session, NO_REQUEST);
  if (pending.disputed) {
    world.scheduler.after(world.settings.settlementDelayMs, `dispute ${charge.id}`, () =>
      openDispute(world, owner, charge),
    );
  }
  return { next: "success", redirectUrl: successUrl(session) };
}

function fail(
  world: World,
  owner: string,
  intent: Stripe.PaymentIntent,
  method: ChargeMethod,
  failure: Extract<ChargeResult, { kind: "failed" }>,
  errorType: "card_error" | "invalid_request_error",
): PayerStep {
  const now = world.clock.now();
  const paymentMethodId = newId("pm");
  const charge = buildCharge({
    paymentIntent: intent,
    method,
    result: failure,
    captured: false,
    balanceTransaction: null,
    paymentMethodId,
    created: now,
    publicUrl: world.settings.publicUrl,
  });
  world.state.charges.add(owner, charge);
  Object.assign(intent, {
    status: "requires_payment_method",
    latest_charge: charge.id,
    payment_method: null,
    next_action: null,
    last_payment_error: {
      charge: charge.id,
      code: failure.code,
      decline_code: failure.declineCode ?? undefined,
      doc_url: `https://stripe.com/docs/error-codes/${failure.code.replace(/_/g, "-")}`,
      message: failure.message,
      payment_method: paymentMethodObject(paymentMethodId, method, now),
      type: errorType,
    },
  });
  world.events.publish(owner, "charge.failed", charge, NO_REQUEST);
  world.events.publish(owner, "payment_intent.payment_failed", intent, NO_REQUEST);
  return { next: "retry", error: failure.message };
}

function requireAction(
  world: World,
  owner: string,
  intent: Stripe.PaymentIntent,
  pending: PendingAuthentication,
  url: string,
): void {
  pendingAuthentications.set(intent, pending);
  Object.assign(intent, {
    status: "requires_action",
    payment_method: newId("pm"),
    next_action: { type: "redirect_to_url", redirect_to_url: { return_url: url, url } },
  });
  world.events.publish(owner, "payment_intent.requires_action", intent, NO_REQUEST);
}

function payByCard(world: World, owner: string, session: Stripe.Checkout.Session, number: string): PayerStep {
  if (!session.payment_method_types.includes("card"))
    throw invalidRequest("This Checkout Session does not take cards.");
  const card: TestCard | undefined = findTestCard(number);
  const intent = intentOf(world, owner, session);
  if (!card) {
    return fail(
      world,
      owner,
      intent,
      { kind: "card", card: findTestCard("4000000000000002")!, authenticated: false },
      { kind: "failed", code: "incorrect_number", declineCode: null, message: "Your card number is incorrect." },
      "card_error",
    );
  }
  const method: ChargeMethod = { kind: "card", card, authenticated: false };
  switch (card.outcome) {
    case "declined":
      return fail(
        world,
        owner,
        intent,
        method,
        { kind: "failed", code: "card_declined", declineCode: "generic_decline", message: "Your card was declined." },
        "card_error",
      );
    case "requires_authentication":
      requireAction(
        world,
        owner,
        intent,
        { method: { ...method, authenticated: true }, pricing: card.pricing, disputed: false },
        `${world.settings.publicUrl}/c/pay/${session.id}/authenticate`,
      );
      return { next: "authenticate" };
    case "succeeds":
    case "succeeds_then_disputed":
      return succeed(world, owner, session, intent, {
        method,
        pricing: card.pricing,
        disputed: card.outcome === "succeeds_then_disputed",
      });
  }
}

export function choose(world: World, sessionId: string, choice: PayerChoice): PayerStep {
  const { owner, object: session } = openSession(world, sessionId);
  switch (choice.method) {
    case "cancel":
      return { next: "cancel", redirectUrl: session.cancel_url ?? world.settings.publicUrl };
    case "card":
      return payByCard(world, owner, session, choice.number);
    case "mobilepay": {
      if (!session.payment_method_types.includes("mobilepay"))
        throw invalidRequest("This Checkout Session does not take MobilePay.");
      const intent = intentOf(world, owner, session);
      requireAction(
        world,
        owner,
        intent,
        { method: { kind: "mobilepay" }, pricing: "eea_standard", disputed: false },
        `${world.settings.publicUrl}/c/pay/${session.id}/mobilepay`,
      );
      return { next: "mobilepay" };
    }
  }
}

/** The payer's answer to 3-D Secure (Stripe's test page: Complete or Fail) or in the MobilePay app. */
export function confirm(world: World, sessionId: string, approve: boolean): PayerStep {
  const { owner, object: session } = openSession(world, sessionId);
  const intent = intentOf(world, owner, session);
  const pending = pendingAuthentications.get(intent);
  if (intent.status !== "requires_action" || !pending)
    throw invalidRequest("This payment is not waiting for the payer's confirmation.");
  pendingAuthentications.delete(intent);
  if (approve) return succeed(world, owner, session, intent, pending);
  if (pending.method.kind === "mobilepay") {
    return fail(
      world,
      owner,
      intent,
      pending.method,
      {
        kind: "failed",
        code: "payment_intent_payment_attempt_failed",
        declineCode: null,
        message: "The customer declined this payment in the MobilePay app.",
      },
      "card_error",
    );
  }
  return fail(
    world,
    owner,
    intent,
    pending.method,
    {
      kind: "failed",
      code: "payment_intent_authentication_failure",
      declineCode: null,
      message:
        "The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.",
    },
    "invalid_request_error",
  );
}

export function pendingConfirmation(world: World, sessionId: string): "authenticate" | "mobilepay" | null {
  const found = world.state.checkoutSessions.find(sessionId);
  const intentId = found?.object.payment_intent;
  if (!found || typeof intentId !== "string") return null;
  const intent = world.state.paymentIntents.find(intentId)?.object;
  const pending = intent ? pendingAuthentications.get(intent) : undefined;
  if (!pending || intent?.status !== "requires_action") return null;
  return pending.method.kind === "mobilepay" ? "mobilepay" : "authenticate";
}
