// The Stripe stand-in, driven by the real `stripe` SDK as the Connect rail's adapter will drive it:
// each test asserts a behaviour of Stripe's that the adapter relies on.
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReceiver, waitFor, type Received } from "../../helpers/webhook-receiver.ts";
import { startStripeStandIn, type StripeStandIn } from "./server.ts";

const PLATFORM_SECRET = "whsec_platform_stand_in_test";
const CONNECT_SECRET = "whsec_connect_stand_in_test";
const DAY = 24 * 60 * 60;

let standIn: StripeStandIn;
let stripe: Stripe;
let platformHooks: Awaited<ReturnType<typeof startReceiver>>;
let connectHooks: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  platformHooks = await startReceiver();
  connectHooks = await startReceiver();
  standIn = await startStripeStandIn({
    webhookEndpoints: [
      { url: platformHooks.url, secret: PLATFORM_SECRET, connect: false },
      { url: connectHooks.url, secret: CONNECT_SECRET, connect: true },
    ],
    settlementDelayMs: 30,
    webhookRetryDelaysMs: [30, 60],
  });
  stripe = new Stripe("sk_test_stand_in", { host: standIn.host, port: standIn.port, protocol: "http" });
});

afterAll(async () => {
  await standIn.stop();
  await platformHooks.close();
  await connectHooks.close();
});

function constructEvents(received: Received[], secret: string): Stripe.Event[] {
  return received.map((hook) => stripe.webhooks.constructEvent(hook.body, hook.headers["stripe-signature"]!, secret));
}

async function eventOf(type: string, objectId: string, connect = false): Promise<Stripe.Event> {
  const receiver = connect ? connectHooks : platformHooks;
  const secret = connect ? CONNECT_SECRET : PLATFORM_SECRET;
  let found: Stripe.Event | undefined;
  await waitFor(
    () => {
      found = constructEvents(receiver.received, secret).find(
        (event) => event.type === type && (event.data.object as { id?: string }).id === objectId,
      );
      return found !== undefined;
    },
    5_000,
    `${type} for ${objectId}`,
  );
  return found!;
}

async function checkoutSession(amount: number, extra: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  return stripe.checkout.sessions.create({
    mode: "payment",
    line_items: [
      { price_data: { currency: "dkk", unit_amount: amount, product_data: { name: "Racer bike" } }, quantity: 1 },
    ],
    allowed_payment_method_types: ["card", "mobilepay"],
    success_url: "https://market.test/paid?session={CHECKOUT_SESSION_ID}",
    cancel_url: "https://market.test/cancelled",
    client_reference_id: "trade_1",
    metadata: { trade: "trade_1" },
    payment_intent_data: { transfer_group: "trade_1", metadata: { trade: "trade_1" } },
    ...extra,
  });
}

/** A paid card charge of `amount` øre; returns the session, intent and charge. */
async function paidCharge(amount: number, card = "4242424242424242") {
  const session = await checkoutSession(amount);
  standIn.controls.completeCheckoutSession(session.id, { method: "card", number: card });
  const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ["payment_intent.latest_charge"] });
  const intent = paid.payment_intent as Stripe.PaymentIntent;
  return { session: paid, intent, charge: intent.latest_charge as Stripe.Charge };
}

async function sellerAccount(iban = "DK5000400440116243") {
  const account = await stripe.accounts.create({
    controller: {
      fees: { payer: "application" },
      losses: { payments: "application" },
      requirement_collection: "application",
      stripe_dashboard: { type: "none" },
    },
    country: "DK",
    email: "seller@market.test",
    business_type: "individual",
    individual: { first_name: "Sofie", last_name: "Jensen" },
    capabilities: { transfers: { requested: true } },
    settings: { payouts: { schedule: { interval: "manual" } } },
    tos_acceptance: { date: 1_760_000_000, ip: "127.0.0.1" },
    metadata: { seller: "s_1" },
  });
  await stripe.accounts.createExternalAccount(account.id, {
    external_account: { object: "bank_account", country: "DK", currency: "dkk", account_number: iban },
  } as Stripe.AccountCreateExternalAccountParams);
  return stripe.accounts.retrieve(account.id);
}

describe("Checkout", () => {
  it("pays a session by card: the PaymentIntent succeeds, the fee is Stripe's, and the signed event verifies", async () => {
    const session = await checkoutSession(10_000);
    expect(session.status).toBe("open");
    expect(session.payment_intent).toBeNull();
    expect(session.url).toBe(`${standIn.url}/c/pay/${session.id}`);

    const step = standIn.controls.completeCheckoutSession(session.id, { method: "card", number: "4242424242424242" });
    expect(step).toEqual({ next: "success", redirectUrl: `https://market.test/paid?session=${session.id}` });

    const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ["payment_intent.latest_charge"] });
    expect(paid.status).toBe("complete");
    expect(paid.payment_status).toBe("paid");
    const intent = paid.payment_intent as Stripe.PaymentIntent;
    expect(intent.status).toBe("succeeded");
    expect(intent.transfer_group).toBe("trade_1");
    expect(intent.metadata).toEqual({ trade: "trade_1" });
    const charge = intent.latest_charge as Stripe.Charge;
    expect(charge.id).toMatch(/^ch_/);
    expect(charge.paid).toBe(true);

    const [transaction] = (
      await stripe.balanceTransactions.list({ source: charge.id } as Stripe.BalanceTransactionListParams)
    ).data;
    // A US test card on a Danish account: 3.25% + 1.80 kr = 325 + 180 øre.
    expect(transaction).toMatchObject({ amount: 10_000, fee: 505, net: 9_495, type: "charge", status: "pending" });

    const completed = await eventOf("checkout.session.completed", session.id);
    expect(completed.account).toBeUndefined();
    expect(completed.livemode).toBe(false);
    const raw = platformHooks.received.find((hook) => hook.body.includes(completed.id))!;
    expect(() => stripe.webhooks.constructEvent(raw.body, raw.headers["stripe-signature"]!, "whsec_wrong")).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect((await stripe.events.retrieve(completed.id)).type).toBe("checkout.session.completed");
  });

  it("keeps the session open after a declined card, the PaymentIntent waiting for another method", async () => {
    const session = await checkoutSession(5_000);
    const step = standIn.controls.completeCheckoutSession(session.id, { method: "card", number: "4000000000000002" });
    expect(step).toEqual({ next: "retry", error: "Your card was declined." });

    const after = await stripe.checkout.sessions.retrieve(session.id, { expand: ["payment_intent"] });
    expect(after.status).toBe("open");
    expect(after.payment_status).toBe("unpaid");
    const intent = after.payment_intent as Stripe.PaymentIntent;
    expect(intent.status).toBe("requires_payment_method");
    expect(intent.last_payment_error).toMatchObject({
      type: "card_error",
      code: "card_declined",
      decline_code: "generic_decline",
    });
    await eventOf("payment_intent.payment_failed", intent.id);
  });

  it("pays with MobilePay once approved in the app, priced as a Danish card; a rejection leaves the session open", async () => {
    const rejected = await checkoutSession(10_000);
    expect(standIn.controls.completeCheckoutSession(rejected.id, { method: "mobilepay", confirm: "reject" }).next).toBe(
      "retry",
    );
    expect((await stripe.checkout.sessions.retrieve(rejected.id)).status).toBe("open");

    const session = await checkoutSession(10_000);
    expect(standIn.controls.completeCheckoutSession(session.id, { method: "mobilepay", confirm: "approve" }).next).toBe(
      "success",
    );
    const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ["payment_intent.latest_charge"] });
    const charge = (paid.payment_intent as Stripe.PaymentIntent).latest_charge as Stripe.Charge;
    expect(charge.payment_method_details?.type).toBe("mobilepay");
    const [transaction] = (
      await stripe.balanceTransactions.list({ source: charge.id } as Stripe.BalanceTransactionListParams)
    ).data;
    // 1.5% + 1.80 kr = 150 + 180 øre.
    expect(transaction).toMatchObject({ amount: 10_000, fee: 330, net: 9_670 });
  });

  it("authorises without capturing when payment_intent_data[capture_method]=manual", async () => {
    const session = await checkoutSession(4_000, {
      payment_intent_data: { capture_method: "manual", transfer_group: "trade_2" },
    });
    standIn.controls.completeCheckoutSession(session.id, { method: "card", number: "4242424242424242" });
    const authorised = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ["payment_intent.latest_charge"],
    });
    expect(authorised).toMatchObject({ status: "complete", payment_status: "unpaid" });
    const intent = authorised.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({ status: "requires_capture", amount_capturable: 4_000, amount_received: 0 });
    expect(intent.latest_charge).toMatchObject({ captured: false, balance_transaction: null });
  });

  it("expires an unpaid session when the clock passes expires_at, and refuses an expiry outside Stripe's window", async () => {
    const session = await checkoutSession(1_000, { expires_at: standIn.controls.now() + 3_600 });
    standIn.controls.advanceClock(3_601);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("expired");
    await eventOf("checkout.session.expired", session.id);
    expect(() =>
      standIn.controls.completeCheckoutSession(session.id, { method: "card", number: "4242424242424242" }),
    ).toThrow(/expired/);

    const tooLate = await checkoutSession(1_000, { expires_at: standIn.controls.now() + 25 * 3_600 }).catch(
      (error: unknown) => error,
    );
    expect(tooLate).toMatchObject({ param: "expires_at", statusCode: 400 });
  });

  it("walks the hosted page: 3-D Secure approved redirects (303) to success_url; Cancel to cancel_url", async () => {
    const session = await checkoutSession(2_500);
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain("Pay with card 4000 0025 0000 3155");
    expect(page).toContain("Pay with MobilePay");

    const pay = (choice: string, path = "") =>
      fetch(`${session.url}${path}`, {
        method: "POST",
        body: new URLSearchParams(path ? { decision: choice } : { choice }),
        redirect: "manual",
      });
    const toAuthentication = await pay("card:4000002500003155");
    expect(toAuthentication.status).toBe(303);
    expect(toAuthentication.headers.get("location")).toBe(`/c/pay/${session.id}/authenticate`);
    const waiting = await stripe.checkout.sessions.retrieve(session.id, { expand: ["payment_intent"] });
    expect((waiting.payment_intent as Stripe.PaymentIntent).status).toBe("requires_action");

    const approved = await pay("approve", "/authenticate");
    expect(approved.status).toBe(303);
    expect(approved.headers.get("location")).toBe(`https://market.test/paid?session=${session.id}`);

    const other = await checkoutSession(2_500);
    const cancelled = await fetch(other.url!, {
      method: "POST",
      body: new URLSearchParams({ choice: "cancel" }),
      redirect: "manual",
    });
    expect(cancelled.headers.get("location")).toBe("https://market.test/cancelled");
    expect((await stripe.checkout.sessions.retrieve(other.id)).status).toBe("open");
  });
});

describe("requests", () => {
  it("refuses what Stripe refuses, with Stripe's error codes", async () => {
    const unknown = await checkoutSession(1_000, {
      line_items: [
        {
          price_data: { currency: "dkk", unit_amount: 1_000, product_data: { name: "x" } },
          quantity: 1,
          colour: "red",
        },
      ],
    } as unknown as Partial<Stripe.Checkout.SessionCreateParams>).catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(unknown).toMatchObject({ code: "parameter_unknown", param: "line_items[0][colour]", statusCode: 400 });

    const missing = await stripe.transfers
      .create({ currency: "dkk", destination: "acct_x" } as Stripe.TransferCreateParams)
      .catch((error: unknown) => error);
    expect(missing).toMatchObject({ code: "parameter_missing", param: "amount" });

    const notInteger = await fetch(`${standIn.url}/v1/payouts`, {
      method: "POST",
      headers: { Authorization: "Bearer sk_test_stand_in" },
      body: new URLSearchParams({ amount: "ten", currency: "dkk" }),
    });
    expect((await notInteger.json()).error).toMatchObject({ code: "parameter_invalid_integer", param: "amount" });

    const nothing = await stripe.paymentIntents.retrieve("pi_doesnotexist").catch((error: unknown) => error);
    expect(nothing).toMatchObject({ code: "resource_missing", statusCode: 404 });

    const anonymous = await fetch(`${standIn.url}/v1/balance`);
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error.type).toBe("invalid_request_error");
  });

  it("replays an idempotent request byte for byte, refuses the key with other parameters, and keeps keys per account", async () => {
    const post = (body: Record<string, string>, account?: string) =>
      fetch(`${standIn.url}/v1/checkout/sessions`, {
        method: "POST",
        headers: {
          Authorization: "Bearer sk_test_stand_in",
          "Idempotency-Key": "order-42",
          ...(account ? { "Stripe-Account": account } : {}),
        },
        body: new URLSearchParams(body),
      });
    const params = {
      mode: "payment",
      "line_items[0][price_data][currency]": "dkk",
      "line_items[0][price_data][unit_amount]": "4200",
      "line_items[0][price_data][product_data][name]": "Lamp",
      "line_items[0][quantity]": "1",
      success_url: "https://market.test/ok",
    };
    const first = await post(params);
    const second = await post(params);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await second.text()).toBe(await first.text());

    const changed = await post({ ...params, "line_items[0][price_data][unit_amount]": "4300" });
    expect(changed.status).toBe(400);
    expect((await changed.json()).error.type).toBe("idempotency_error");

    const seller = await sellerAccount();
    const elsewhere = await post(params, seller.id);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.headers.get("idempotent-replayed")).toBeNull();

    await stripe.checkout.sessions
      .create({ ...(await checkoutSessionParams()), client_reference_id: "other" }, { idempotencyKey: "order-42" })
      .then(
        () => expect.fail("a reused key with other parameters must be refused"),
        (error: unknown) => expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError),
      );
  });

  it("lets the SDK retry through a moment of 500s", async () => {
    standIn.controls.makeUnreachable(200, "error_500");
    const balance = await stripe.balance.retrieve();
    expect(balance.object).toBe("balance");

    standIn.controls.makeUnreachable(200, "error_500");
    const once = new Stripe("sk_test_stand_in", {
      host: standIn.host,
      port: standIn.port,
      protocol: "http",
      maxNetworkRetries: 0,
    });
    await expect(once.balance.retrieve()).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
  });
});

async function checkoutSessionParams(): Promise<Stripe.Checkout.SessionCreateParams> {
  return {
    mode: "payment",
    line_items: [{ price_data: { currency: "dkk", unit_amount: 4_200, product_data: { name: "Lamp" } }, quantity: 1 }],
    success_url: "https://market.test/ok",
  };
}

describe("money movement", () => {
  it("transfers a charge's funds to a seller and pays them out: payout.paid reaches the Connect endpoint with `account`", async () => {
    const seller = await sellerAccount();
    expect(seller.payouts_enabled).toBe(true);
    const { charge } = await paidCharge(20_000);
    const transfer = await stripe.transfers.create({
      amount: 18_000,
      currency: "dkk",
      destination: seller.id,
      source_transaction: charge.id,
      transfer_group: "trade_1",
    });
    expect(transfer.destination_payment).toMatch(/^py_/);
    const asSeller = { stripeAccount: seller.id };
    expect((await stripe.balance.retrieve({}, asSeller)).pending).toEqual([
      { amount: 18_000, currency: "dkk", source_types: { card: 18_000 } },
    ]);

    const early = await stripe.payouts
      .create({ amount: 18_000, currency: "dkk" }, asSeller)
      .catch((error: unknown) => error);
    expect(early).toMatchObject({ code: "balance_insufficient" });

    standIn.controls.advanceClock(7 * DAY);
    const payout = await stripe.payouts.create({ amount: 18_000, currency: "dkk" }, asSeller);
    expect(payout.status).toBe("pending");
    standIn.controls.advanceClock(2 * DAY);
    expect((await stripe.payouts.retrieve(payout.id, {}, asSeller)).status).toBe("paid");

    const paid = await eventOf("payout.paid", payout.id, true);
    expect(paid.account).toBe(seller.id);
    expect((await stripe.balance.retrieve({}, asSeller)).available[0]!.amount).toBe(0);
  });

  it("fails a payout to Stripe's failing test IBAN and gives the money back", async () => {
    const seller = await sellerAccount("DK62370400440532013001");
    const { charge } = await paidCharge(3_000);
    await stripe.transfers.create({
      amount: 3_000,
      currency: "dkk",
      destination: seller.id,
      source_transaction: charge.id,
    });
    standIn.controls.advanceClock(7 * DAY);
    const payout = await stripe.payouts.create({ amount: 3_000, currency: "dkk" }, { stripeAccount: seller.id });
    standIn.controls.advanceClock(2 * DAY);
    const failed = await eventOf("payout.failed", payout.id, true);
    expect(failed.data.object).toMatchObject({ status: "failed", failure_code: "no_account" });
    expect((await stripe.balance.retrieve({}, { stripeAccount: seller.id })).available[0]!.amount).toBe(3_000);
  });

  it("refunds part of a charge, settles it a moment later, and refuses more than what is left", async () => {
    const { intent, charge } = await paidCharge(10_000);
    const refund = await stripe.refunds.create({
      payment_intent: intent.id,
      amount: 3_000,
      reason: "requested_by_customer",
    });
    expect(refund.status).toBe("pending");
    await eventOf("refund.updated", refund.id);
    expect((await stripe.refunds.retrieve(refund.id)).status).toBe("succeeded");
    const refunded = await eventOf("charge.refunded", charge.id);
    expect(refunded.data.object).toMatchObject({ amount_refunded: 3_000, refunded: false });

    const tooMuch = await stripe.refunds.create({ charge: charge.id, amount: 7_001 }).catch((error: unknown) => error);
    expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(tooMuch).toMatchObject({ code: "amount_too_large", param: "amount" });
    await stripe.refunds.create({ charge: charge.id });
    const again = await stripe.refunds.create({ charge: charge.id }).catch((error: unknown) => error);
    expect(again).toMatchObject({ code: "charge_already_refunded" });
  });

  it("reverses part of a transfer, moving the seller's balance back", async () => {
    const seller = await sellerAccount();
    const { charge } = await paidCharge(6_000);
    const transfer = await stripe.transfers.create({
      amount: 5_000,
      currency: "dkk",
      destination: seller.id,
      source_transaction: charge.id,
    });
    const reversal = await stripe.transfers.createReversal(transfer.id, {
      amount: 2_000,
      metadata: { reason: "partial" },
    });
    expect(reversal.id).toMatch(/^trr_/);
    const after = await stripe.transfers.retrieve(transfer.id);
    expect(after).toMatchObject({ amount_reversed: 2_000, reversed: false });
    expect((await stripe.balance.retrieve({}, { stripeAccount: seller.id })).pending[0]!.amount).toBe(3_000);
    const tooMuch = await stripe.transfers
      .createReversal(transfer.id, { amount: 3_001 })
      .catch((error: unknown) => error);
    expect(tooMuch).toMatchObject({ param: "amount", statusCode: 400 });
  });

  it("lists transfers newest first by transfer_group and destination, and refuses a filter Stripe does not know", async () => {
    const [seller, other] = [await sellerAccount(), await sellerAccount()];
    const { charge } = await paidCharge(9_000);
    const made = async (destination: string, group: string) =>
      stripe.transfers.create({
        amount: 1_000,
        currency: "dkk",
        destination,
        source_transaction: charge.id,
        transfer_group: group,
      });
    const first = await made(seller.id, "trade-a");
    const second = await made(seller.id, "trade-a");
    const third = await made(other.id, "trade-a");
    await made(seller.id, "trade-b");
    const listed = await stripe.transfers.list({ transfer_group: "trade-a", destination: seller.id });
    expect(listed.data.map((t) => t.id)).toEqual([second.id, first.id]);
    const page = await stripe.transfers.list({ transfer_group: "trade-a", limit: 1, starting_after: third.id });
    expect(page).toMatchObject({ has_more: true, data: [{ id: second.id }] });
    const unknown = await stripe.transfers
      .list({ transfer_group: "trade-a", status: "paid" } as Stripe.TransferListParams)
      .catch((error: unknown) => error);
    expect(unknown).toMatchObject({ code: "parameter_unknown", param: "status", statusCode: 400 });
  });

  it("opens a dispute on card 0259 and closes it won: the amount comes back, the fee does not", async () => {
    const { charge } = await paidCharge(8_000, "4000000000000259");
    const created = await eventOf("charge.dispute.created", (await waitForDispute(charge.id)).id);
    const dispute = await stripe.disputes.retrieve((created.data.object as Stripe.Dispute).id);
    expect(dispute).toMatchObject({ status: "needs_response", reason: "fraudulent", amount: 8_000, charge: charge.id });
    expect(dispute.balance_transactions[0]).toMatchObject({
      amount: -8_000,
      fee: 15_000,
      net: -23_000,
      type: "adjustment",
    });

    standIn.controls.closeDispute(dispute.id, "won");
    const closed = await eventOf("charge.dispute.closed", dispute.id);
    expect(closed.data.object).toMatchObject({ status: "won" });
    const reinstated = (await stripe.disputes.retrieve(dispute.id)).balance_transactions;
    expect(reinstated.map((transaction) => transaction.net)).toEqual([-23_000, 8_000]);
  });

  it("lists balance transactions that add up to the balances, to the minor unit, across pages", async () => {
    const seller = await sellerAccount();
    const { charge } = await paidCharge(12_345);
    await stripe.refunds.create({ charge: charge.id, amount: 345 });
    const transfer = await stripe.transfers.create({
      amount: 10_000,
      currency: "dkk",
      destination: seller.id,
      source_transaction: charge.id,
    });
    await stripe.transfers.createReversal(transfer.id, { amount: 1_000 });
    standIn.controls.advanceClock(7 * DAY);
    await stripe.payouts.create({ amount: 4_000, currency: "dkk" }, { stripeAccount: seller.id });

    for (const account of [standIn.platformAccountId, seller.id]) {
      const options = account === standIn.platformAccountId ? {} : { stripeAccount: account };
      const all: Stripe.BalanceTransaction[] = [];
      for (let page = await stripe.balanceTransactions.list({ limit: 3 }, options); ;) {
        all.push(...page.data);
        if (!page.has_more) break;
        page = await stripe.balanceTransactions.list({ limit: 3, starting_after: page.data.at(-1)!.id }, options);
      }
      const balance = await stripe.balance.retrieve({}, options);
      const sum = (status: string) =>
        all
          .filter((transaction) => transaction.currency === "dkk" && transaction.status === status)
          .reduce((total, transaction) => total + transaction.net, 0);
      expect(balance.available.find((entry) => entry.currency === "dkk")?.amount ?? 0).toBe(sum("available"));
      expect(balance.pending.find((entry) => entry.currency === "dkk")?.amount ?? 0).toBe(sum("pending"));
      expect(new Set(all.map((transaction) => transaction.id)).size).toBe(all.length);
    }
    const future = await stripe.balanceTransactions.list({ created: { gte: standIn.controls.now() + 1 } });
    expect(future.data).toEqual([]);
    const sellerTypes = (await stripe.balanceTransactions.list({ limit: 100 }, { stripeAccount: seller.id })).data.map(
      (transaction) => transaction.type,
    );
    expect(sellerTypes).toEqual(["payout", "payment_refund", "payment"]);
  });
});

describe("controls over HTTP", () => {
  it("pays a session, advances the clock and reads a balance through /_stand_in/", async () => {
    const control = async (method: string, path: string, body?: object) => {
      const response = await fetch(`${standIn.url}/_stand_in${path}`, {
        method,
        body: body ? JSON.stringify(body) : undefined,
      });
      expect(response.status).toBe(200);
      return response.json();
    };
    const session = await checkoutSession(1_000);
    const step = await control("POST", `/checkout/sessions/${session.id}/complete`, {
      method: "card",
      number: "4242424242424242",
    });
    expect(step.next).toBe("success");
    const { now } = await control("GET", "/clock");
    expect((await control("POST", "/clock/advance", { seconds: 60 })).now).toBe(now + 60);
    const events = (await control("GET", "/events")) as Array<{ type: string; data: { object: { id: string } } }>;
    expect(
      events.some((event) => event.type === "checkout.session.completed" && event.data.object.id === session.id),
    ).toBe(true);
    const balance = await control("GET", `/accounts/${standIn.platformAccountId}/balance`);
    expect(balance.object).toBe("balance");
  });
});

describe("webhook delivery", () => {
  it("retries a failed delivery, and can duplicate, reorder and lose events on demand", async () => {
    let attempts = 0;
    const flaky = await startReceiver(() => (attempts++ === 0 ? 500 : 200));
    const local = await startStripeStandIn({
      webhookEndpoints: [{ url: flaky.url, secret: PLATFORM_SECRET, connect: false }],
      webhookRetryDelaysMs: [20, 40],
    });
    try {
      const client = new Stripe("sk_test_stand_in", { host: local.host, port: local.port, protocol: "http" });
      const params = await checkoutSessionParams();
      const first = await client.checkout.sessions.create(params);
      await client.checkout.sessions.expire(first.id);
      await waitFor(() => flaky.received.length === 1, 5_000, "the retried delivery");
      expect(local.controls.deliveries().map((delivery) => delivery.outcome)).toEqual(["failed", "delivered"]);

      local.controls.holdEvents();
      const second = await client.checkout.sessions.create(params);
      const third = await client.checkout.sessions.create(params);
      await client.checkout.sessions.expire(second.id);
      await client.checkout.sessions.expire(third.id);
      expect(local.controls.releaseEvents()).toBe(2);
      await waitFor(() => flaky.received.length === 3, 5_000, "the released deliveries");
      const order = constructEvents(flaky.received.slice(1), PLATFORM_SECRET).map(
        (event) => (event.data.object as { id: string }).id,
      );
      expect(order).toEqual([third.id, second.id]);

      local.controls.resendEvent(constructEvents(flaky.received.slice(1, 2), PLATFORM_SECRET)[0]!.id);
      await waitFor(() => flaky.received.length === 4, 5_000, "the duplicate");
      expect(flaky.received[3]!.body).toBe(flaky.received[1]!.body);

      local.controls.dropNextDeliveries(1);
      const fourth = await client.checkout.sessions.create(params);
      await client.checkout.sessions.expire(fourth.id);
      await local.controls.deliveriesSettled();
      expect(flaky.received).toHaveLength(4);
      expect(local.controls.deliveries().at(-1)).toMatchObject({
        outcome: "dropped",
        type: "checkout.session.expired",
      });
    } finally {
      await local.stop();
      await flaky.close();
    }
  });
});

async function waitForDispute(chargeId: string): Promise<{ id: string }> {
  let id: string | undefined;
  await waitFor(
    () => {
      const event = standIn.controls
        .events()
        .find((candidate) => candidate.type === "charge.dispute.created" && candidate.data.object.charge === chargeId);
      id = event ? String(event.data.object.id) : undefined;
      return id !== undefined;
    },
    5_000,
    `a dispute on ${chargeId}`,
  );
  return { id: id! };
}
