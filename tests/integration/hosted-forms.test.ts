// The hosted pages' forms through their real route handlers: only our own pages, in the browser
// that holds the link, with the session's anti-CSRF token, can act; paying however often never
// charges twice; connect follows spec 4.4's KYC rules and forceOnboarding. Since issue 35 the payer
// pays on the payment rail's page (the simulated bank's, in the sandbox) and comes back: the test
// instruments are chosen there, no longer on our page (tests/helpers/hosted-browser.ts `pay`).
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hostedBrowser } from "../helpers/hosted-browser.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { db, freshTenant } from "../helpers/tenants.ts";
import { callRoute } from "../helpers/call-route.ts";
import { POST as initiateConnect } from "../../app/api/v1/marketplace/users/connect/route.ts";

const SUCCESS = "https://shop.example/paid";
const CANCEL = "https://shop.example/back";

async function checkout(options: { connectPayer?: boolean } = {}) {
  const tenant = await freshTenant();
  const api = tenantClient(tenant.testApiKey);
  await api.connect("seller");
  if (options.connectPayer !== false) await api.connect("buyer");
  const initiated = await api.initiate({
    title: "Lamp",
    description: "Brass desk lamp",
    amount: 400,
    payerFee: 0,
    payeeFee: 0,
    payerMarketplaceUserId: "buyer",
    payeeMarketplaceUserId: "seller",
    successUrl: SUCCESS,
    cancelUrl: CANCEL,
  });
  expect(initiated.status).toBe(200);
  return { tenant, api, tradeId: initiated.json.tradeId as string, link: initiated.json.redirectUrl as string };
}

const events = (tradeId: string) =>
  db.outboxEvent
    .findMany({ where: { tradeId }, orderBy: { sequence: "asc" }, select: { eventName: true } })
    .then((rows) => rows.map((r) => r.eventName));
const escrowPayments = (tradeId: string) =>
  db.payment.findMany({ where: { tradeId, purpose: "Escrow" }, select: { state: true, method: true } });
// The escrow payment exists from initiation (decisions.md §9; these checks said `[]` before):
// a refused form leaves it as it was, pending and unpaid.
const UNTOUCHED = [{ state: "Pending", method: null }];

describe("hosted forms", () => {
  it("refuse another origin and a missing or wrong anti-CSRF token, and change nothing", async () => {
    const { tradeId, link } = await checkout();
    const browser = hostedBrowser();
    expect((await browser.post(link, "pay", {}, { origin: "https://evil.example" })).status).toBe(403);
    expect((await browser.post(link, "pay", {}, { csrf: null })).status).toBe(403);
    expect((await browser.post(link, "pay", {}, { csrf: "guessed" })).status).toBe(403);
    expect((await browser.post(link, "cancel", {}, { csrf: "guessed" })).status).toBe(403);
    expect(await escrowPayments(tradeId)).toEqual(UNTOUCHED);
    expect((await db.trade.findUniqueOrThrow({ where: { id: tradeId } })).state).toBe("Created");
  });

  it("refuse unknown forms, other content types, invalid UTF-8 and oversized bodies, and change nothing", async () => {
    const { tradeId, link } = await checkout();
    const browser = hostedBrowser();
    const csrf = (await db.hostedSession.findFirstOrThrow({ where: { tradeId } })).csrfToken!;
    const fields = new URLSearchParams({ csrf }).toString();
    expect((await browser.post(link, "__proto__")).status).toBe(404);
    expect((await browser.post(link, "constructor")).status).toBe(404);
    expect((await browser.raw(link, "pay", JSON.stringify({ csrf }), "application/json")).status).toBe(400);
    expect(
      (
        await browser.raw(
          link,
          "pay",
          new Uint8Array([0x63, 0x73, 0x72, 0x66, 0x3d, 0xff, 0xfe]),
          "application/x-www-form-urlencoded",
        )
      ).status,
    ).toBe(400);
    const huge = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 64; i++) controller.enqueue(new TextEncoder().encode(`${fields}&pad=${"x".repeat(1024)}`));
        controller.close();
      },
    });
    expect((await browser.raw(link, "pay", huge, "application/x-www-form-urlencoded")).status).toBe(413);
    expect(await escrowPayments(tradeId)).toEqual(UNTOUCHED);
    // The same fields, well formed, send the payer to the rail's page, where they pay.
    const sent = await browser.raw(link, "pay", fields, "application/x-www-form-urlencoded");
    expect(sent.location).toMatch(/^https:\/\/escrow\.test\/sandbox-bank\/simbank_[0-9a-f]{24}$/);
    expect((await browser.pay(link, "card-4242")).location).toBe(SUCCESS);
  });

  it("work only in the browser that first used the link", async () => {
    const { tradeId, link } = await checkout();
    const owner = hostedBrowser();
    const stranger = hostedBrowser();
    expect((await owner.post(link, "pay")).location).toMatch(/\/sandbox-bank\//); // bound to the owner's browser
    const refused = await stranger.post(link, "pay");
    expect(refused).toEqual({ status: 303, location: new URL(link).pathname });
    // The stranger coming back from a bank does not finish the owner's checkout either.
    expect((await stranger.comeBack(`${link}/return`)).location).toBe(new URL(link).pathname);
    expect((await escrowPayments(tradeId)).map((p) => p.state)).toEqual(["Pending"]);
    expect((await owner.pay(link, "card-3220", "approve")).location).toBe(SUCCESS);
    expect((await escrowPayments(tradeId)).map((p) => p.state)).toEqual(["Paid"]);
  });

  it("charge once however often the pay form arrives at the same time", async () => {
    const { tradeId, tenant, link } = await checkout();
    const browser = hostedBrowser();
    const sent = await Promise.all(Array.from({ length: 12 }, () => browser.post(link, "pay")));
    // One rail payment, however many tabs: every answer sends the payer to the same bank page.
    const bankPages = new Set(sent.map((answer) => answer.location));
    expect(bankPages.size).toBe(1);
    const [bankPage] = [...bankPages] as [string];
    const paid = await Promise.all(
      Array.from({ length: 12 }, () => browser.bank(bankPage, "pay", { method: "card-4242" })),
    );
    expect(paid.filter((answer) => answer.location?.endsWith("/return"))).toHaveLength(1);
    expect((await browser.comeBack(`${link}/return`)).location).toBe(SUCCESS);
    expect(await escrowPayments(tradeId)).toEqual([{ state: "Paid", method: "card-4242" }]);
    expect(await events(tradeId)).toEqual(["trade.created"]);
    const escrow = await db.ledgerPosting.aggregate({
      where: { tradeId, account: "escrow", transfer: { tenantId: tenant.tenantId } },
      _sum: { amountMinor: true },
    });
    expect(escrow._sum.amountMinor).toBe(40000n);
    // The back button: the finished checkout answers where it went, and charges nothing more.
    expect(await browser.post(link, "pay")).toEqual({ status: 303, location: SUCCESS });
    expect(await escrowPayments(tradeId)).toHaveLength(1);
  });

  it("leave a declined or unconfirmed payment unpaid so that another method can pay it", async () => {
    const { tradeId, link } = await checkout();
    const browser = hostedBrowser();
    expect((await browser.pay(link, "card-0002")).location).toMatch(/\/sandbox-bank\/.*\?error=declined$/);
    expect((await browser.pay(link, "wallet", "reject")).location).toMatch(/\?error=not_confirmed$/);
    expect((await db.trade.findUniqueOrThrow({ where: { id: tradeId } })).state).toBe("InvitationAccepted");
    expect((await escrowPayments(tradeId)).map((p) => p.state)).toEqual(["Pending"]);
    expect((await browser.pay(link, "wallet", "approve")).location).toBe(SUCCESS);
    expect(await escrowPayments(tradeId)).toEqual([{ state: "Paid", method: "wallet" }]);
    // Each try the bank reported is recorded once, with what it was.
    const tries = await db.paymentAttempt.findMany({
      where: { payment: { tradeId } },
      orderBy: { createdAt: "asc" },
      select: { outcome: true, method: true, source: true },
    });
    expect(tries).toEqual([
      { outcome: "declined_by_bank", method: "card-0002", source: "rail" },
      { outcome: "not_confirmed", method: "wallet", source: "rail" },
      { outcome: "succeeded", method: "wallet", source: "rail" },
    ]);
  });

  it("cancel the trade (trade.cancelled) and close a payment waiting for confirmation at the bank", async () => {
    const { tradeId, link } = await checkout();
    const browser = hostedBrowser();
    const bankPage = (await browser.post(link, "pay")).location!;
    await browser.bank(bankPage, "pay", { method: "card-3220" }); // waiting for the bank's step
    expect((await browser.post(link, "cancel")).location).toBe(`${CANCEL}?reason=cancelled`);
    expect((await db.trade.findUniqueOrThrow({ where: { id: tradeId } })).state).toBe("Cancelled");
    expect((await escrowPayments(tradeId)).map((p) => p.state)).toEqual(["Cancelled"]);
    expect(await events(tradeId)).toEqual(["trade.cancelled"]);
    // The bank closed the payment with the checkout: the late approval takes nothing.
    expect((await browser.bank(bankPage, "confirm", { answer: "approve" })).location).toBe(new URL(bankPage).pathname);
    expect((await escrowPayments(tradeId)).map((p) => p.state)).toEqual(["Cancelled"]);
  });

  it("connect a new payer in checkout before paying (user.connected), and refuse to pay before that", async () => {
    const { tenant, tradeId, link } = await checkout({ connectPayer: false });
    const browser = hostedBrowser();
    expect((await browser.post(link, "pay")).location).toBe(new URL(link).pathname);
    expect(await escrowPayments(tradeId)).toEqual(UNTOUCHED);
    expect((await browser.post(link, "sign-in", { identity: "protected" })).location).toMatch(
      /error=kyc_level_not_met/,
    );
    expect((await browser.post(link, "consent")).location).toBe(new URL(link).pathname);
    expect(await db.marketplaceUser.count({ where: { tenantId: tenant.tenantId, marketplaceUserId: "buyer" } })).toBe(
      0,
    );
    await browser.post(link, "sign-in", { identity: "plain" });
    await browser.post(link, "consent");
    const connected = await db.outboxEvent.findMany({
      where: { tenantId: tenant.tenantId, eventName: "user.connected", marketplaceUserId: "buyer" },
    });
    expect(connected).toHaveLength(1);
    expect((await browser.pay(link, "card-4242")).location).toBe(SUCCESS);
  });
});

describe("hosted connect", () => {
  async function connectLink(tenantKey: string, body: Record<string, unknown>, query = "") {
    const response = await callRoute(initiateConnect, {
      method: "POST",
      path: `/api/v1/marketplace/users/connect${query}`,
      token: tenantKey,
      body: { successUrl: SUCCESS, cancelUrl: CANCEL, ...body },
    });
    expect(response.status).toBe(200);
    return response.json.redirectUrl as string;
  }

  it.each([
    ["plain", 1, "success", 1],
    ["plain", 2, "kyc_level_not_met", null],
    ["protected", 1, "kyc_level_not_met", null],
    ["passport", 2, "success", 2],
    ["protected-passport", 1, "success", 2],
    ["failing", 1, "sign_in_failed", null],
  ] as const)("signs %s in at required level %i: %s", async (person, requiredKycLevel, outcome, level) => {
    const tenant = await freshTenant();
    const user = `u-${randomUUID().slice(0, 8)}`;
    const link = await connectLink(tenant.testApiKey, { marketplaceUserId: user, requiredKycLevel });
    const browser = hostedBrowser();
    const signedIn = await browser.post(link, "sign-in", { identity: person });
    if (outcome === "success") {
      expect(signedIn.location).toBe(new URL(link).pathname);
      expect((await browser.post(link, "consent")).location).toBe(SUCCESS);
    } else {
      expect(signedIn.location).toBe(`${CANCEL}?reason=${outcome}`);
    }
    const events = await db.outboxEvent.findMany({ where: { tenantId: tenant.tenantId, eventName: "user.connected" } });
    expect(events.map((e) => (e.payload as { kycLevel: number }).kycLevel)).toEqual(level === null ? [] : [level]);
  });

  it("reuses the browser's eID sign-in for the next marketplace, unless forceOnboarding", async () => {
    const [first, second] = [await freshTenant(), await freshTenant()];
    const browser = hostedBrowser();
    const firstLink = await connectLink(first.testApiKey, { marketplaceUserId: "anna" });
    await browser.post(firstLink, "sign-in", { identity: "passport" });
    expect((await browser.post(firstLink, "consent")).location).toBe(SUCCESS);
    expect(browser.jar.get("escrow_eid")).toBeTruthy();

    // Forced: the remembered sign-in does not count; consent alone connects nobody.
    const forced = await connectLink(second.testApiKey, { marketplaceUserId: "anna-forced" }, "?forceOnboarding=true");
    expect((await browser.post(forced, "consent")).location).toBe(new URL(forced).pathname);
    expect(await db.marketplaceUser.count({ where: { tenantId: second.tenantId } })).toBe(0);

    // Not forced: consent is enough.
    const remembered = await connectLink(second.testApiKey, { marketplaceUserId: "anna" });
    expect((await browser.post(remembered, "consent")).location).toBe(SUCCESS);
    const user = await db.marketplaceUser.findFirstOrThrow({
      where: { tenantId: second.tenantId, marketplaceUserId: "anna" },
    });
    expect(user.kycLevel).toBe(2);
  });

  it("connects once when consent is sent twice at the same time, and a decline says why", async () => {
    const tenant = await freshTenant();
    const browser = hostedBrowser();
    const link = await connectLink(tenant.testApiKey, { marketplaceUserId: "twice" });
    await browser.post(link, "sign-in", { identity: "plain" });
    const answers = await Promise.all([
      browser.post(link, "consent"),
      browser.post(link, "consent"),
      browser.post(link, "consent"),
    ]);
    for (const answer of answers) expect(answer.location).toBe(SUCCESS);
    expect(await db.outboxEvent.count({ where: { tenantId: tenant.tenantId, eventName: "user.connected" } })).toBe(1);

    const declined = await connectLink(tenant.testApiKey, { marketplaceUserId: "no-thanks" });
    expect((await browser.post(declined, "decline")).location).toBe(`${CANCEL}?reason=consent_declined`);
  });
});
