// A payer's whole journey through the Stripe rail, in a real browser against the production server
// (issue 35): our hosted checkout → Stripe's Checkout page (the stand-in of tests/stand-ins/stripe,
// which speaks Stripe's published API and signs its webhooks as Stripe does) → back to our return
// address → the tenant's success page, with the trade paid. The server reaches the stand-in through
// the official SDK (STRIPE_API_BASE) and receives its webhooks at /rail-events/stripe over HTTP.
// Then the server is killed with the money taken at Stripe and no news applied: back up, it is
// paid once.
import type { ChildProcess } from "node:child_process";
import { chromium, type Browser } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exited, killServer, serviceCommand, startServer, stopServer } from "../../scripts/bench/server.ts";
import { db, freshTenant } from "../helpers/tenants.ts";
import { startStripeStandIn, type StripeStandIn } from "../stand-ins/stripe/server.ts";
import { httpClient } from "./helpers/http-client.ts";
import { SERVER_ENV } from "./helpers/quiet.ts";

const PORT = Number(process.env.STRIPE_JOURNEY_PORT ?? 3293);
const origin = `http://127.0.0.1:${PORT}`;
const WEBHOOK_SECRET = "whsec_stripe_journey";
let server: ChildProcess;
let standIn: StripeStandIn;
let browser: Browser;

beforeAll(async () => {
  standIn = await startStripeStandIn({
    webhookEndpoints: [{ url: `${origin}/rail-events/stripe`, secret: WEBHOOK_SECRET, connect: false }],
  });
  server = await startStripeServer();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
});

/** The production server on the Stripe rail; its rail round (the poll) every second. */
function startStripeServer() {
  return startServer("stripe-journey", PORT, serviceCommand(PORT), {
    env: {
      ...SERVER_ENV,
      PUBLIC_BASE_URL: origin,
      PAYMENT_RAIL: "stripe",
      STRIPE_SECRET_KEY: "sk_test_stripe_journey",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: standIn.url,
      RAIL_POLL_INTERVAL_MS: "1000",
    },
  });
}

afterAll(async () => {
  await browser?.close();
  await stopServer(server);
  await standIn?.stop();
});

describe("a payer on the Stripe rail", () => {
  it("pays by card on Stripe's page after a decline, comes back, and the trade is paid once", async () => {
    const tenant = await freshTenant();
    const api = httpClient(() => origin, tenant.testApiKey);
    expect((await api.connect("seller")).status).toBe(200);
    expect((await api.connect("buyer")).status).toBe(200);
    const initiated = await api.initiate({
      title: "Vintage road bike",
      description: "Steel frame",
      amount: 1500,
      payerFee: 0,
      payeeFee: 0,
      payerMarketplaceUserId: "buyer",
      payeeMarketplaceUserId: "seller",
      successUrl: `${origin}/?paid=bike`,
      cancelUrl: `${origin}/?cancelled=bike`,
    });
    expect(initiated.status).toBe(200);
    const tradeId = initiated.json.tradeId as string;

    const page = await browser.newPage();
    await page.goto(initiated.json.redirectUrl);
    await page.getByRole("button", { name: "Pay DKK 1,500.00" }).click();
    await page.waitForURL(`${standIn.url}/c/pay/**`);
    await page.getByRole("button", { name: "Pay with card 4000 0000 0000 0002" }).click();
    // Stripe's news of the decline reaches us before the payer pays again (typing a card takes
    // seconds): the rail reports a payment's latest charge, so news that came only after the next
    // charge would not show the declined one (docs/payments.md, Attempts).
    await standIn.controls.deliveriesSettled();
    await page.getByRole("button", { name: "Pay with card 4242 4242 4242 4242" }).click();
    await page.waitForURL(`${origin}/?paid=bike`);

    const trade = await api.trade("buyer", tradeId);
    expect(trade.json.state).toBe("AwaitingShipment");
    await standIn.controls.deliveriesSettled();
    const payment = await db.payment.findFirstOrThrow({
      where: { tradeId, purpose: "Escrow" },
      include: { attempts: { orderBy: { createdAt: "asc" } } },
    });
    expect(payment).toMatchObject({ state: "Paid", provider: "stripe", method: "card-4242" });
    expect(payment.attempts.map((a) => `${a.outcome}:${a.method}`)).toEqual([
      "declined_by_bank:card-0002",
      "succeeded:card-4242",
    ]);
    expect(await db.outboxEvent.count({ where: { tradeId, eventName: "trade.created" } })).toBe(1);
    // Every webhook Stripe sent was accepted (2xx) by the server's route.
    const deliveries = standIn.controls.deliveries();
    expect(deliveries.length).toBeGreaterThan(0);
    expect(deliveries.filter((d) => d.outcome !== "delivered")).toEqual([]);
    await page.close();
  });

  it("is paid once when the server was killed after Stripe took the money and before any news was applied", async () => {
    const tenant = await freshTenant();
    const api = httpClient(() => origin, tenant.testApiKey);
    await api.connect("seller");
    await api.connect("buyer");
    const initiated = await api.initiate({
      title: "Lamp",
      description: "Brass",
      amount: 400,
      payerFee: 0,
      payeeFee: 0,
      payerMarketplaceUserId: "buyer",
      payeeMarketplaceUserId: "seller",
      successUrl: `${origin}/?paid=lamp`,
      cancelUrl: `${origin}/?cancelled=lamp`,
    });
    const tradeId = initiated.json.tradeId as string;
    const page = await browser.newPage();
    await page.goto(initiated.json.redirectUrl);
    await page.getByRole("button", { name: "Pay DKK 400.00" }).click();
    await page.waitForURL(`${standIn.url}/c/pay/**`);
    const sessionId = new URL(page.url()).pathname.split("/").at(-1)!;
    await page.close();

    // Stripe's webhooks wait; the server dies; the payer pays at Stripe while it is down.
    standIn.controls.holdEvents();
    killServer(server, "SIGKILL");
    await exited(server);
    expect(
      standIn.controls.completeCheckoutSession(sessionId, { method: "card", number: "4242424242424242" }),
    ).toMatchObject({
      next: "success",
    });
    const escrow = () =>
      db.payment.findFirstOrThrow({ where: { tradeId, purpose: "Escrow" }, include: { attempts: true } });
    expect((await escrow()).state).toBe("Pending");

    // Back up, its poll asks Stripe and takes the payment; the webhooks, sent at last, change nothing.
    server = await startStripeServer();
    for (let waited = 0; (await escrow()).state !== "Paid" && waited < 15_000; waited += 250)
      await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await escrow()).state).toBe("Paid");
    standIn.controls.releaseEvents("original");
    await standIn.controls.deliveriesSettled();
    const paid = await escrow();
    expect(paid.attempts.map((a) => a.outcome)).toEqual(["succeeded"]);
    expect(await db.outboxEvent.count({ where: { tradeId, eventName: "trade.created" } })).toBe(1);
    expect((await api.trade("buyer", tradeId)).json.state).toBe("AwaitingShipment");
    // One charge at Stripe for the trade.
    const session = (await fetch(`${standIn.url}/v1/checkout/sessions/${sessionId}?expand[]=payment_intent`, {
      headers: { authorization: "Bearer sk_test_stripe_journey" },
    }).then((r) => r.json())) as { payment_intent: { amount_received: number; status: string } };
    expect(session.payment_intent).toMatchObject({ amount_received: 40000, status: "succeeded" });
  });
});
