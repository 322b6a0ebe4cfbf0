// The Stripe rail (lib/payments/stripe) through the official SDK against a stand-in that speaks
// Stripe's published API (tests/stand-ins/stripe): the payer is sent to Stripe's Checkout page,
// pays by card or MobilePay, and Stripe's signed webhooks reach our route over real HTTP. However
// the news arrives — duplicated, reordered, lost, before or after the payer's return — a payment
// is paid once, and every try is recorded once.
import { describe, expect, it } from "vitest";
import { POST as railEvents } from "../../app/rail-events/[provider]/route.ts";
import { pollPendingRailPayments } from "../../lib/payments/poll-rail-payments.ts";
import { sendDueRefunds } from "../../lib/payments/send-rail-refunds.ts";
import { stripePaymentRail } from "../../lib/payments/stripe/stripe-rail.ts";
import { hostedBrowser } from "../helpers/hosted-browser.ts";
import { withStripeRail } from "../helpers/stripe-rail-world.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { db, freshTenant } from "../helpers/tenants.ts";
import type { StripeStandIn } from "../stand-ins/stripe/server.ts";

const SUCCESS = "https://shop.example/paid";
const WEBHOOK_SECRET = "whsec_stripe_rail_test";
const CARD_OK = { method: "card", number: "4242424242424242" } as const;
const CARD_DECLINED = { method: "card", number: "4000000000000002" } as const;

let standIn: StripeStandIn;
withStripeRail({ apiKey: "sk_test_escrow_rail", webhookSecret: WEBHOOK_SECRET }, (started) => (standIn = started));

async function initiated() {
  const tenant = await freshTenant();
  const api = tenantClient(tenant.testApiKey);
  await api.connect("seller");
  await api.connect("buyer");
  const initiated = await api.initiate({
    title: "Bike",
    description: "Steel frame",
    amount: 1500,
    payerFee: 0,
    payeeFee: 0,
    payerMarketplaceUserId: "buyer",
    payeeMarketplaceUserId: "seller",
    successUrl: SUCCESS,
    cancelUrl: "https://shop.example/back",
  });
  expect(initiated.status).toBe(200);
  return { api, tenant, link: initiated.json.redirectUrl as string, tradeId: initiated.json.tradeId as string };
}

async function checkout() {
  const { api, tenant, link, tradeId } = await initiated();
  const browser = hostedBrowser();
  const sent = await browser.post(link, "pay");
  const sessionId = /\/c\/pay\/(cs_test_\w+)$/.exec(sent.location ?? "")?.[1];
  expect(sessionId, `sent to Stripe's page, not ${sent.location}`).toBeDefined();
  return { api, tenant, link, tradeId, browser, sessionId: sessionId!, sent };
}

const escrowOf = (tradeId: string) =>
  db.payment.findFirstOrThrow({
    where: { tradeId, purpose: "Escrow" },
    include: { attempts: { orderBy: { createdAt: "asc" } } },
  });

async function settled(tradeId: string) {
  await standIn.controls.deliveriesSettled();
  const payment = await escrowOf(tradeId);
  return {
    state: payment.state,
    attempts: payment.attempts.map((a) => `${a.source}:${a.outcome}:${a.method}`),
    created: await db.outboxEvent.count({ where: { tradeId, eventName: "trade.created" } }),
    trade: (await db.trade.findUniqueOrThrow({ where: { id: tradeId } })).state,
  };
}

const PAID_BY_CARD = { state: "Paid", attempts: ["rail:succeeded:card-4242"], created: 1, trade: "AwaitingShipment" };

describe("the Stripe rail", () => {
  it("opens a Checkout Session for the payer's total with card and MobilePay, and the same one for a second tab", async () => {
    const { tradeId, sessionId, browser, link, sent } = await checkout();
    const session = await fetch(`${standIn.url}/v1/checkout/sessions/${sessionId}`, {
      headers: { authorization: "Bearer sk_test_escrow_rail" },
    }).then((r) => r.json() as Promise<Record<string, unknown>>);
    expect(session).toMatchObject({
      amount_total: 150000,
      currency: "dkk",
      mode: "payment",
      status: "open",
      allowed_payment_method_types: ["card", "mobilepay"],
      success_url: `${new URL(link).origin}${new URL(link).pathname}/return`,
    });
    const payment = await escrowOf(tradeId);
    expect(session.metadata).toEqual({ escrow_payment_id: payment.id });
    expect(payment).toMatchObject({ provider: "stripe", railPaymentId: sessionId });
    expect((await browser.post(link, "pay")).location).toBe(sent.location);
  });

  it("is paid by card: Stripe's webhooks pay it, the payer's return goes on to the tenant", async () => {
    const { tradeId, sessionId, browser, link } = await checkout();
    expect(standIn.controls.completeCheckoutSession(sessionId, CARD_OK)).toMatchObject({ next: "success" });
    expect(await settled(tradeId)).toEqual(PAID_BY_CARD);
    expect((await browser.comeBack(`${link}/return`)).location).toBe(SUCCESS);
    expect(await settled(tradeId)).toEqual(PAID_BY_CARD);
  });

  it("is paid by MobilePay once the payer approves in the app", async () => {
    const { tradeId, sessionId } = await checkout();
    expect(
      standIn.controls.completeCheckoutSession(sessionId, { method: "mobilepay", confirm: "approve" }),
    ).toMatchObject({
      next: "success",
    });
    expect(await settled(tradeId)).toMatchObject({ state: "Paid", attempts: ["rail:succeeded:mobilepay"], created: 1 });
  });

  it("records a declined card once, and the next card pays", async () => {
    const { tradeId, sessionId } = await checkout();
    expect(standIn.controls.completeCheckoutSession(sessionId, CARD_DECLINED)).toMatchObject({ next: "retry" });
    expect(await settled(tradeId)).toMatchObject({ state: "Pending", attempts: ["rail:declined_by_bank:card-0002"] });
    standIn.controls.completeCheckoutSession(sessionId, CARD_OK);
    expect(await settled(tradeId)).toMatchObject({
      state: "Paid",
      attempts: ["rail:declined_by_bank:card-0002", "rail:succeeded:card-4242"],
      created: 1,
    });
  });

  it("changes nothing more for webhooks sent twice and in reverse order", async () => {
    const { tradeId, sessionId } = await checkout();
    standIn.controls.holdEvents();
    standIn.controls.completeCheckoutSession(sessionId, CARD_OK);
    expect(standIn.controls.releaseEvents("reverse")).toBeGreaterThan(1);
    expect(await settled(tradeId)).toEqual(PAID_BY_CARD);
    for (const event of standIn.controls.events()) standIn.controls.resendEvent(event.id);
    expect(await settled(tradeId)).toEqual(PAID_BY_CARD);
  });

  it("finds the payment of a payer who never came back and whose webhooks were lost, by the poll", async () => {
    const { tradeId, sessionId } = await checkout();
    standIn.controls.holdEvents(); // not delivered (yet): as if lost
    standIn.controls.completeCheckoutSession(sessionId, CARD_OK);
    expect((await settled(tradeId)).state).toBe("Pending");
    await pollPendingRailPayments(new Date(Date.now() + 120_000), 10_000); // a round later than any other test file's
    expect(await settled(tradeId)).toEqual(PAID_BY_CARD);
    // Delivered at last, long after: nothing more happens.
    standIn.controls.releaseEvents("original");
    expect(await settled(tradeId)).toEqual(PAID_BY_CARD);
  });

  it("asks the payer to try again while Stripe cannot be reached, and opens one session once it can", async () => {
    const { link, tradeId } = await initiated();
    const browser = hostedBrowser();
    standIn.controls.makeUnreachable(60_000, "reset");
    expect((await browser.post(link, "pay")).location).toBe(`${new URL(link).pathname}?error=rail_unreachable`);
    standIn.controls.makeUnreachable(60_000, "error_500");
    expect((await browser.post(link, "pay")).location).toBe(`${new URL(link).pathname}?error=rail_unreachable`);
    standIn.controls.makeUnreachable(0);
    expect((await escrowOf(tradeId)).railPaymentId).toBeNull();
    const sent = await browser.post(link, "pay");
    expect(sent.location).toMatch(/\/c\/pay\/cs_test_/);
    expect((await browser.post(link, "pay")).location).toBe(sent.location);
  });

  it("refunds a cancelled paid trade at Stripe once, and Stripe's webhook settles it", async () => {
    const { api, tradeId, sessionId } = await checkout();
    standIn.controls.completeCheckoutSession(sessionId, CARD_OK);
    expect(await settled(tradeId)).toEqual(PAID_BY_CARD);
    expect((await api.cancel(tradeId, "AwaitingShipment")).status).toBe(200);
    const [refund] = await db.railRefund.findMany({ where: { payment: { tradeId } } });
    expect(refund).toMatchObject({ state: "Pending", amountMinor: 150000n });

    await sendDueRefunds(new Date(Date.now() + 1000), 10_000);
    const sent = await db.railRefund.findUniqueOrThrow({ where: { id: refund!.id } });
    expect(sent.railRefundId).toMatch(/^re_/);
    standIn.controls.advanceClock(1); // Stripe settles the refund a moment later
    await standIn.controls.deliveriesSettled();
    expect(await db.railRefund.findUniqueOrThrow({ where: { id: refund!.id } })).toMatchObject({ state: "Succeeded" });
    const stripeRefund = await fetch(`${standIn.url}/v1/refunds/${sent.railRefundId}`, {
      headers: { authorization: "Bearer sk_test_escrow_rail" },
    }).then((r) => r.json() as Promise<Record<string, unknown>>);
    expect(stripeRefund).toMatchObject({
      amount: 150000,
      currency: "dkk",
      status: "succeeded",
      metadata: { escrow_refund_id: refund!.id },
    });
    // Sent again with the same key (a crash before the answer was recorded): the same refund.
    const again = await stripePaymentRail.refund({
      idempotencyKey: `refund-${refund!.id}`,
      railPaymentId: sessionId,
      amountMinor: 150000n,
      currency: "DKK",
      refundId: refund!.id,
    });
    expect(again.railRefundId).toBe(sent.railRefundId);
  });

  it("keeps a refund Pending while Stripe cannot be reached, and refunds once when it can", async () => {
    const { api, tradeId, sessionId } = await checkout();
    standIn.controls.completeCheckoutSession(sessionId, CARD_OK);
    expect(await settled(tradeId)).toEqual(PAID_BY_CARD);
    expect((await api.cancel(tradeId, "AwaitingShipment")).status).toBe(200);
    const [refund] = await db.railRefund.findMany({ where: { payment: { tradeId } } });

    // The rail round's tries back off: 1 minute, then 2, …
    const minutes = (n: number) => new Date(Date.now() + n * 60_000);
    standIn.controls.makeUnreachable(60_000, "reset");
    await sendDueRefunds(minutes(0.1), 10_000);
    await sendDueRefunds(minutes(2), 10_000);
    expect(await db.railRefund.findUniqueOrThrow({ where: { id: refund!.id } })).toMatchObject({
      state: "Pending",
      railRefundId: null,
      tries: 2,
    });

    standIn.controls.makeUnreachable(0);
    await sendDueRefunds(minutes(5), 10_000);
    standIn.controls.advanceClock(1);
    await standIn.controls.deliveriesSettled();
    expect(await db.railRefund.findUniqueOrThrow({ where: { id: refund!.id } })).toMatchObject({ state: "Succeeded" });
    const intent = await fetch(
      `${standIn.url}/v1/checkout/sessions/${sessionId}?expand[]=payment_intent.latest_charge`,
      {
        headers: { authorization: "Bearer sk_test_escrow_rail" },
      },
    ).then(
      (r) => r.json() as Promise<{ payment_intent: { latest_charge: { amount_refunded: number; refunds?: unknown } } }>,
    );
    expect(intent.payment_intent.latest_charge.amount_refunded).toBe(150000);
  });

  it("refunds part of a payment, and Stripe refuses more than is left", async () => {
    const { tradeId, sessionId } = await checkout();
    standIn.controls.completeCheckoutSession(sessionId, CARD_OK);
    expect((await settled(tradeId)).state).toBe("Paid");
    const part = await stripePaymentRail.refund({
      idempotencyKey: `part-${sessionId}`,
      railPaymentId: sessionId,
      amountMinor: 20000n,
      currency: "DKK",
      refundId: "part",
    });
    expect(part.status.state).toBe("pending");
    await expect(
      stripePaymentRail.refund({
        idempotencyKey: `rest-${sessionId}`,
        railPaymentId: sessionId,
        amountMinor: 130001n,
        currency: "DKK",
        refundId: "rest",
      }),
    ).rejects.toThrow(/amount|greater|exceed/i);
  });

  it("refuses a webhook that Stripe did not sign, and stores nothing", async () => {
    const body = JSON.stringify({
      id: "evt_forged",
      object: "event",
      type: "checkout.session.completed",
      data: { object: {} },
    });
    const request = new Request("http://127.0.0.1/rail-events/stripe", {
      method: "POST",
      headers: { "stripe-signature": "t=1,v1=00", "content-type": "application/json" },
      body,
    });
    expect((await railEvents(request, { params: Promise.resolve({ provider: "stripe" }) })).status).toBe(400);
    expect(await db.railCallback.count({ where: { eventId: "evt_forged" } })).toBe(0);
  });

  it("leaves the sandbox's payment completion to the simulated rail", async () => {
    const { api, tradeId } = await checkout();
    const payment = await escrowOf(tradeId);
    const answer = await api.completePayment(payment.id, "succeeded");
    expect(answer.status).toBe(403);
    expect((await escrowOf(tradeId)).state).toBe("Pending");
  });
});
