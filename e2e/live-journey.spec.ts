// Live mode's whole journey with every outside party real (issue 36's end-to-end test): on the live
// server of playwright.config.ts (PostgreSQL when the run has one, as in CI), with Stripe, the eID
// broker and Shipmondo answering as the stand-ins of tests/stand-ins that speak their published
// protocols. In Chromium, a seller and a buyer connect at the broker; the buyer pays on Stripe's
// Checkout page; through the live API the seller buys a Shipmondo label; Shipmondo's signed
// tracking webhooks move the trade to Delivered; the buyer accepts; the seller's payout is
// transferred to their Stripe connected account and paid out to their bank; and the tenant's live
// webhooks arrive signed. A person connected by one live tenant is unknown to another.
/* eslint-disable @typescript-eslint/no-explicit-any -- the providers' JSON as they send it */
import { expect, test, type APIRequestContext } from "@playwright/test";
import {
  LIVE_BASE,
  LIVE_DATABASE,
  LIVE_PROVIDER_KEYS,
  LIVE_STAND_INS,
  LIVE_WEBHOOK_RECEIVER_PORT,
} from "../playwright.config.ts";
import { tenantApi } from "./support/api.ts";
import { connectAtBroker } from "./support/eid-broker.ts";
import { createE2eTenant, type E2eTenant } from "./support/tenant.ts";
import { startWebhookReceiver } from "./support/webhook-receiver.ts";

const SHOP = "https://shop.example";
const DAY = 86_400;
let marketplace: E2eTenant;
let otherMarketplace: E2eTenant;

test.beforeAll(async ({ request }) => {
  const options = { redirectOrigins: [SHOP], database: LIVE_DATABASE };
  marketplace = createE2eTenant("Cykelbørsen Live", options);
  otherMarketplace = createE2eTenant("Andenhånd Live", options);
  // The operator registers our tracking webhook at Shipmondo (docs/go-live.md, step 3).
  const registered = await request.post(`${LIVE_STAND_INS.shipmondo}/_stand_in/webhooks`, {
    data: { url: `${LIVE_BASE}/carrier-events/shipmondo`, key: LIVE_PROVIDER_KEYS.shipmondoWebhookKey },
  });
  expect(registered.ok()).toBe(true);
});

test.beforeEach(async ({ page }) => {
  // The tenant's shop is not on this machine: its pages answer here.
  await page.route(`${SHOP}/**`, (route) => route.fulfill({ contentType: "text/html", body: "<title>Shop</title>ok" }));
});

/** Until `check` holds (the server's worker, scheduler and the providers' webhooks work in the background). */
async function eventually<T>(what: string, read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Stripe's API as the stand-in answers it, with the platform's key (and a connected account's header). */
const stripe = async (request: APIRequestContext, path: string) => {
  const answer = await request.get(`${LIVE_STAND_INS.stripe}${path}`, {
    headers: { authorization: `Bearer ${LIVE_PROVIDER_KEYS.stripeSecretKey}` },
  });
  expect(answer.ok(), path).toBe(true);
  return (await answer.json()) as any;
};

test("a live trade from eID to payout, with every outside party real", async ({ page, request }) => {
  test.setTimeout(180_000);
  const api = tenantApi(request, marketplace, "live");
  const receiver = await startWebhookReceiver(LIVE_WEBHOOK_RECEIVER_PORT);
  try {
    const subscribed = await api.post("/webhooks/subscriptions", { url: receiver.url, description: "live journey" });
    expect(subscribed.status, JSON.stringify(subscribed.json)).toBe(200);
    const signingSecret = subscribed.json.secret as string;

    // Both people connect with MitID at the broker, each declaring the address MitID does not give.
    const connectLink = (user: string) =>
      api.connectLink({
        marketplaceUserId: user,
        requiredKycLevel: 1,
        successUrl: `${SHOP}/connected?user=${user}`,
        cancelUrl: `${SHOP}/cancelled?user=${user}`,
      });
    await connectAtBroker(page, await connectLink("seller"), {
      name: "Mette Hansen",
      street: "Nørregade 12, 2. tv",
      postalCode: "1165",
      city: "København K",
    });
    await expect(page).toHaveURL(`${SHOP}/connected?user=seller`);
    await connectAtBroker(page, await connectLink("buyer"), {
      name: "Anders Holm",
      street: "Vestergade 3",
      postalCode: "8000",
      city: "Aarhus C",
    });
    await expect(page).toHaveURL(`${SHOP}/connected?user=buyer`);
    expect((await api.user("seller")).json).toMatchObject({ kycLevel: 1 });
    // People and accounts never cross tenants, nor modes.
    const other = tenantApi(request, otherMarketplace, "live");
    expect((await other.user("seller")).status).toBe(404);
    expect((await other.user("buyer")).status).toBe(404);
    expect((await tenantApi(request, marketplace, "test").user("seller")).status).toBe(404);

    // The seller gives the bank account to be paid to, on our hosted page.
    await page.goto(await api.payoutLink("seller", { returnUrl: `${SHOP}/account` }));
    await page.getByLabel("IBAN, or registration and account number").fill("DK50 0040 0440 1162 43");
    await page.getByRole("button", { name: "Save payout account" }).click();
    await expect(page).toHaveURL(`${SHOP}/account`);

    // The buyer pays on Stripe's Checkout page and comes back to the shop.
    const { tradeId, redirectUrl } = await api.initiate({
      title: "Vintage road bike",
      description: "Steel frame, 56 cm",
      amount: 1500,
      payerFee: 0,
      payeeFee: 0,
      payerMarketplaceUserId: "buyer",
      payeeMarketplaceUserId: "seller",
      shipping: { paidBy: "Payer", price: 80, expectedMaxWeight: 5000 },
      successUrl: `${SHOP}/paid`,
      cancelUrl: `${SHOP}/cancelled`,
    });
    await page.goto(redirectUrl);
    await page.getByRole("button", { name: "Pay DKK 1,580.00" }).click();
    await page.waitForURL(`${LIVE_STAND_INS.stripe}/c/pay/**`);
    await page.getByRole("button", { name: "Pay with card 4242 4242 4242 4242" }).click();
    await page.waitForURL(`${SHOP}/paid`);
    const trade = () => api.trade("seller", tradeId);
    await eventually("the trade paid", trade, (t) => t.state === "AwaitingShipment");

    // The seller's label is bought through Shipmondo; Shipmondo's signed tracking moves the trade.
    const label = await api.post(`/marketplace/users/seller/trades/${tradeId}/shipments/delivery`, {
      price: 80,
      shipmentProviderId: "gls",
      expectedMaxWeightInGrams: 5000,
    });
    expect(label.status, JSON.stringify(label.json)).toBe(200);
    const labelCode = (await trade()).phases.delivery.labelCode as string;
    const shipments = (await (await request.get(`${LIVE_STAND_INS.shipmondo}/_stand_in/shipments`)).json()) as any[];
    const shipment = shipments.find((each) => each.pkg_no === labelCode);
    expect(shipment, `a Shipmondo shipment with package number ${labelCode}`).toBeDefined();
    expect(shipment.parties.find((party: any) => party.type === "sender")).toMatchObject({
      name: "Mette Hansen",
      postal_code: "1165",
    });
    for (const status of ["sent", "delivered"]) {
      const tracked = await request.post(`${LIVE_STAND_INS.shipmondo}/_stand_in/shipments/${shipment.id}/tracking`, {
        data: { status },
      });
      expect(tracked.ok()).toBe(true);
      expect(((await tracked.json()) as any[]).map((attempt) => attempt.answeredStatus)).toEqual([200]);
    }
    expect((await trade()).state).toBe("Delivered");

    // The buyer accepts; the payout goes to the seller's connected account and on to their bank.
    const accepted = await api.post(`/marketplace/users/buyer/trades/${tradeId}/condition/accept`);
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
    const payouts = () => api.get(`/marketplace/payouts?tradeId=${tradeId}`).then((answer) => answer.json.payouts);
    await eventually("the payout sent to Stripe", payouts, (list) => list.length === 1);
    const transfers = await eventually(
      "the transfer to the seller's connected account",
      () => stripe(request, `/v1/transfers?transfer_group=trade-${tradeId}`),
      (list) => list.data.length === 1,
    );
    const transfer = transfers.data[0];
    expect(transfer).toMatchObject({ amount: 150_000, currency: "dkk" });
    // The payout is on its way to the bank; two days on Stripe's clock, the bank has paid it.
    const payoutEvent = (type: string) =>
      request
        .get(`${LIVE_STAND_INS.stripe}/_stand_in/events`)
        .then((answer) => answer.json())
        .then((events: any[]) => events.find((event) => event.type === type && event.account === transfer.destination));
    await eventually("the payout created at Stripe", () => payoutEvent("payout.created"), Boolean);
    await request.post(`${LIVE_STAND_INS.stripe}/_stand_in/clock/advance`, { data: { seconds: 2 * DAY } });
    const paid = await eventually("the payout paid", payouts, (list) => list[0].state === "Paid");
    expect(paid[0]).toMatchObject({ amount: 1500, currency: "DKK", bankAccount: "•••• 6243" });
    expect((await payoutEvent("payout.paid")).data.object).toMatchObject({ amount: 150_000, status: "paid" });
    expect((await trade()).state).toBe("Released");

    // The tenant's live webhooks arrived, each signed with its subscription's secret.
    const delivered = await receiver.waitUntil((d) => d.body.eventName === "payout.paid");
    for (const name of [
      "user.connected",
      "trade.created",
      "trade.shipment_label_created",
      "trade.shipment_delivered",
      "trade.succeeded",
    ])
      await receiver.waitUntil((d) => d.body.eventName === name);
    expect(receiver.deliveries.length).toBeGreaterThanOrEqual(7);
    for (const delivery of receiver.deliveries) expect(receiver.verify(delivery, signingSecret)).toBe(true);
    expect(receiver.verify(delivered, "whsec_" + Buffer.from("not the secret").toString("base64"))).toBe(false);
  } finally {
    await receiver.close();
  }
});
