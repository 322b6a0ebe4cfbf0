// A release through Stripe Connect survives the server dying at the worst moments (issue 35): the
// production server is SIGKILLed when Stripe has made the transfer to the seller's connected
// account and again when Stripe has made the payout to their bank, each time before the server
// heard the answer, so nothing of it is in our database. Back up, the scheduler takes the try up
// again with the same idempotency keys: Stripe answers with what it already made, and the seller
// is paid once. Without the keys (or with the try written after the call) the second server
// would transfer or pay out a second time, which the connected account's balance would show.
import type { ChildProcess } from "node:child_process";
import { chromium, type Browser } from "@playwright/test";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exited, killServer, serviceCommand, startServer, stopServer } from "../../scripts/bench/server.ts";
import { waitFor } from "../helpers/webhook-receiver.ts";
import { db, freshTenant } from "../helpers/tenants.ts";
import { startStripeStandIn, type StripeStandIn } from "../stand-ins/stripe/server.ts";
import { httpClient, ServerDown } from "./helpers/http-client.ts";
import { SERVER_ENV } from "./helpers/quiet.ts";

const PORT = Number(process.env.STRIPE_PAYOUT_CRASH_PORT ?? 3294);
const origin = `http://127.0.0.1:${PORT}`;
const KEY = "sk_test_stripe_payout_crash";
const PLATFORM_SECRET = "whsec_payout_crash_platform";
const CONNECT_SECRET = "whsec_payout_crash_connect";
const DAY = 86_400;
let server: ChildProcess;
let standIn: StripeStandIn;
let browser: Browser;

beforeAll(async () => {
  standIn = await startStripeStandIn({
    apiKey: KEY,
    webhookEndpoints: [
      { url: `${origin}/rail-events/stripe`, secret: PLATFORM_SECRET, connect: false },
      { url: `${origin}/rail-events/stripe`, secret: CONNECT_SECRET, connect: true },
    ],
  });
  server = await startStripeServer();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
});

afterAll(async () => {
  await browser?.close();
  await stopServer(server);
  await standIn?.stop();
});

/** The production server on the Stripe rail, with both of Stripe's webhook secrets. */
function startStripeServer() {
  return startServer("stripe-payout-crash", PORT, serviceCommand(PORT), {
    env: {
      ...SERVER_ENV,
      PUBLIC_BASE_URL: origin,
      PAYMENT_RAIL: "stripe",
      STRIPE_SECRET_KEY: KEY,
      STRIPE_WEBHOOK_SECRET: PLATFORM_SECRET,
      STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
      STRIPE_API_BASE: standIn.url,
      RAIL_POLL_INTERVAL_MS: "1000",
    },
  });
}

/** Kills the server when Stripe has carried out the next request to `route`, before it answers. */
function killOnAnswer(route: string): Promise<void> {
  const died = new Promise<void>((resolve) =>
    standIn.controls.beforeAnswering(route, async () => {
      killServer(server, "SIGKILL");
      await exited(server);
      resolve();
    }),
  );
  return died;
}

const stripeGet = <T>(path: string, account?: string) =>
  fetch(`${standIn.url}${path}`, {
    headers: { authorization: `Bearer ${KEY}`, ...(account && { "stripe-account": account }) },
  }).then((r) => r.json() as Promise<T>);

describe("a release through Stripe Connect on a server that is killed", () => {
  it("pays the seller once when the server dies after Stripe's transfer and again after Stripe's payout", async () => {
    const tenant = await freshTenant();
    const api = httpClient(() => origin, tenant.testApiKey);
    expect((await api.connect("seller")).status).toBe(200);
    expect((await api.connect("buyer")).status).toBe(200);
    const initiated = await api.initiate({
      title: "Record player",
      description: "Belt drive",
      amount: 800,
      payerFee: 0,
      payeeFee: 0,
      payerMarketplaceUserId: "buyer",
      payeeMarketplaceUserId: "seller",
      successUrl: `${origin}/?paid=record-player`,
      cancelUrl: `${origin}/?cancelled=record-player`,
      deliveryByHandAllowed: true,
    });
    expect(initiated.status).toBe(200);
    const tradeId = initiated.json.tradeId as string;

    // The buyer pays on Stripe's page; the trade is paid and they accept the item handed over.
    const page = await browser.newPage();
    await page.goto(initiated.json.redirectUrl);
    await page.getByRole("button", { name: "Pay DKK 800.00" }).click();
    await page.waitForURL(`${standIn.url}/c/pay/**`);
    await page.getByRole("button", { name: "Pay with card 4242 4242 4242 4242" }).click();
    await page.waitForURL(`${origin}/?paid=record-player`);
    await page.close();

    // The payout falls due on acceptance: the server dies once Stripe has made the transfer.
    const transferred = killOnAnswer("POST /v1/transfers");
    expect((await api.acceptCondition("buyer", tradeId)).json.state).toBe("Succeeded");
    await transferred;
    const payouts = () => db.payout.findMany({ where: { tradeId }, orderBy: { attempt: "asc" } });
    const [dead] = await payouts();
    expect(dead).toMatchObject({ state: "Pending", railTransferId: null, sentAt: null });

    // Back up, the scheduler takes the try up again: Stripe's transfer, not a second one; the funds wait.
    server = await startStripeServer();
    await waitFor(async () => (await payouts())[0]?.railTransferId != null, 20_000);
    const [waiting] = await payouts();
    expect(waiting).toMatchObject({ id: dead!.id, state: "Pending", sentAt: null });

    // A week on, the funds are available: the server dies once Stripe has made the payout.
    standIn.controls.advanceClock(7 * DAY);
    const paidOut = killOnAnswer("POST /v1/payouts");
    await api.advanceClock(6 * 3600).catch((error: unknown) => {
      if (!(error instanceof ServerDown)) throw error; // the clock's request died with the server
    });
    await paidOut;
    expect((await payouts())[0]).toMatchObject({ state: "Pending", sentAt: null, providerPayoutId: null });

    // Back up, the same payout is taken as sent; two days on the bank has it, and Stripe says so.
    server = await startStripeServer();
    await waitFor(async () => (await payouts())[0]?.sentAt != null, 20_000);
    standIn.controls.advanceClock(2 * DAY);
    await waitFor(async () => (await payouts())[0]?.state === "Paid", 20_000);
    await standIn.controls.deliveriesSettled();

    const [paid] = await payouts();
    expect(await payouts()).toHaveLength(1);
    expect(paid).toMatchObject({ attempt: 1, amountMinor: 80000n, providerPayoutId: expect.stringMatching(/^po_/) });
    expect((await api.trade("seller", tradeId)).json.state).toBe("Released");
    expect(await db.outboxEvent.count({ where: { tradeId, eventName: "payout.paid" } })).toBe(1);
    // At Stripe: one transfer into the seller's account and one payout out of it, to the øre.
    const moves = await stripeGet<Stripe.ApiList<Stripe.BalanceTransaction>>(
      "/v1/balance_transactions?limit=100",
      paid!.railAccountId!,
    );
    expect(moves.data.map((t) => [t.type, t.amount]).sort()).toEqual([
      ["payment", 80000],
      ["payout", -80000],
    ]);
    expect(await stripeGet<Stripe.Payout>(`/v1/payouts/${paid!.providerPayoutId}`, paid!.railAccountId!)).toMatchObject(
      { status: "paid", amount: 80000 },
    );
  });
});
