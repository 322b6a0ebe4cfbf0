// Live mode on simulated providers (security finding 1, critical): a live checkout offered the test
// cards, Visa 4242 moved live money into escrow and paid it out, and a live person's account was
// shared across tenants, so one tenant read and changed another tenant's seller's payout account.
// While the payment rail or the eID is simulated, live mode is closed: every live operation that
// connects a person, takes money or pays out answers 403 naming what is missing, a live hosted link
// shows no test instrument and its forms change nothing, no live trade moves, and a person's data
// stays with the tenant that connected them.
import { beforeAll, describe, expect, it } from "vitest";
import { POST as initiateConnect } from "../../app/api/v1/marketplace/users/connect/route.ts";
import { GET as userDetails } from "../../app/api/v1/marketplace/users/[marketplaceUserId]/route.ts";
import { GET as listSubscriptions } from "../../app/api/v1/webhooks/subscriptions/route.ts";
import { OPERATIONS } from "../../lib/api/operations-index.ts";
import { staffCancelTrade } from "../../lib/console/trades/staff-trade-actions.ts";
import { simulatedIdentityProvider } from "../../lib/identity/simulated-identity-provider.ts";
import { openSession } from "../../lib/hosted/open-session.ts";
import { savePayoutAccount } from "../../lib/hosted/payout-account-flow.ts";
import { createHostedSession } from "../../lib/hosted-links/sessions.ts";
import { fireDueDeadlines } from "../../lib/jobs/fire-deadlines.ts";
import { isLiveModeOpen, liveModeGaps } from "../../lib/outside-parties.ts";
import { saveConnection } from "../../lib/users/connect-user.ts";
import { callRoute, type CallResult } from "../helpers/call-route.ts";
import { hostedBrowser } from "../helpers/hosted-browser.ts";
import { canonical } from "../helpers/openapi-cases.ts";
import { concretePath, documentedOperations } from "../helpers/openapi-operations.ts";
import { staffOf } from "../helpers/staff-context.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { db, freshTenant } from "../helpers/tenants.ts";
import { insertTrade } from "../helpers/trades.ts";
import { tenantRows } from "../helpers/api-world.ts";

const ORIGIN = "https://shop.example";
const liveTenant = () => freshTenant({ allowedRedirectOrigins: [ORIGIN] });
const typeCode = (result: CallResult) => `${result.status} ${result.json?.typeCode ?? ""}`.trim();

async function person(choice: string) {
  const signedIn = await simulatedIdentityProvider.signIn(choice);
  if (!signedIn.ok) throw new Error(`no test person ${choice}`);
  return signedIn.identity;
}

const { document, operations } = await documentedOperations();
const closedInLive = operations.filter(
  (operation) => OPERATIONS.find((o) => o.operationId === operation.operationId)?.liveNeeds,
);

describe("live mode while the providers are simulated", () => {
  it("is closed, and says which settings choose the simulated providers", () => {
    expect(isLiveModeOpen()).toBe(false);
    expect(liveModeGaps().map((gap) => gap.setting)).toEqual(["PAYMENT_RAIL", "IDENTITY_PROVIDER"]);
  });

  it("answers a live connect and a live checkout 403 naming what is missing, and writes nothing", async () => {
    const tenant = await liveTenant();
    const before = await tenantRows(tenant.tenantId);
    const connect = await callRoute(initiateConnect, {
      method: "POST",
      path: "/api/v1/marketplace/users/connect",
      token: tenant.liveApiKey,
      body: { marketplaceUserId: "seller", successUrl: `${ORIGIN}/ok`, cancelUrl: `${ORIGIN}/no` },
    });
    expect(typeCode(connect)).toBe("403 forbidden");
    expect(connect.json.detail).toMatch(
      /Live mode is closed.*payment rail \(PAYMENT_RAIL\) and the national eID provider \(IDENTITY_PROVIDER\)/,
    );
    const api = tenantClient(tenant.liveApiKey);
    const checkout = await api.initiate({
      title: "Bike",
      description: "Road bike",
      amount: 1000,
      payerFee: 0,
      payeeFee: 0,
      payerMarketplaceUserId: "buyer",
      payeeMarketplaceUserId: "seller",
      successUrl: `${ORIGIN}/ok`,
      cancelUrl: `${ORIGIN}/no`,
    });
    expect(typeCode(checkout)).toBe("403 forbidden");
    expect(checkout.json.detail).toContain("Use a test-mode token");
    expect(await tenantRows(tenant.tenantId)).toEqual(before);
  });

  it("answers every live operation that connects, takes money or pays out 403, before reading anything", async () => {
    expect(closedInLive.map((o) => o.operationId).sort()).toEqual(
      [
        "abandonTrade",
        "acceptItemCondition",
        "acceptTradeInvitation",
        "acceptTradeInvitationAndPay",
        "buyShipmentForDelivery",
        "buyShipmentForReturn",
        "cancelOngoingTrade",
        "getTradeStatusLink",
        "initiatePaymentFlow",
        "initiateSelectPayoutAccount",
        "initiateTrade",
        "initiateUserConnect",
        "rejectItemCondition",
        "rejectTradeInvitation",
        // Settlement and offers move money too (issue 17).
        "settleTrade",
        "makeTradeOffer",
        "acceptTradeOffer",
        "declineTradeOffer",
      ].sort(),
    );
    const tenant = await liveTenant();
    const before = await tenantRows(tenant.tenantId);
    for (const operation of closedInLive) {
      const params = Object.fromEntries(operation.pathParams.map((p) => [p.name, `any-${p.name}`]));
      const body = operation.body ? canonical(document, operation.body) : undefined;
      const result = await callRoute(operation.handler, {
        method: operation.method,
        path: concretePath(operation, params),
        params,
        token: tenant.liveApiKey,
        body,
      });
      expect(typeCode(result), operation.operationId).toBe("403 forbidden");
      expect(result.json.detail, operation.operationId).toContain("Live mode is closed");
      if (operation.operationId.startsWith("buyShipment")) expect(result.json.detail).toContain("carriers (CARRIERS)");
    }
    expect(await tenantRows(tenant.tenantId)).toEqual(before);
  });

  it("keeps live reads, webhook subscriptions and the whole sandbox working", async () => {
    const tenant = await liveTenant();
    const details = await callRoute(userDetails, {
      path: "/api/v1/marketplace/users/nobody",
      params: { marketplaceUserId: "nobody" },
      token: tenant.liveApiKey,
    });
    expect(typeCode(details)).toBe("404 not-found");
    const subscriptions = await callRoute(listSubscriptions, {
      path: "/api/v1/webhooks/subscriptions",
      token: tenant.liveApiKey,
    });
    expect(subscriptions.status).toBe(200);
    const sandbox = tenantClient(tenant.testApiKey);
    expect((await sandbox.connect("seller")).status).toBe(200);
  });
});

describe("a live hosted link (made before live mode closed)", () => {
  let tenant: Awaited<ReturnType<typeof liveTenant>>;
  beforeAll(async () => {
    tenant = await liveTenant();
  });

  it("does not open: its page explains, and signing in with a test identity connects no one", async () => {
    const link = await createHostedSession(db, {
      tenantId: tenant.tenantId,
      mode: "live",
      kind: "Connect",
      marketplaceUserId: "attacker",
      successUrl: `${ORIGIN}/ok`,
      cancelUrl: `${ORIGIN}/no`,
      now: new Date(),
    });
    const browser = hostedBrowser();
    const opened = await openSession("Connect", link.token, browser.jar.get("escrow_browser"));
    expect(opened).toMatchObject({ ok: false, problem: "live-closed" });
    const before = await tenantRows(tenant.tenantId);
    const signIn = await browser.post(link.redirectUrl, "sign-in", { identity: "plain" });
    expect(signIn.status).toBe(303);
    expect(await tenantRows(tenant.tenantId)).toEqual(before);
    expect(await db.identitySignIn.count({ where: { mode: "live" } })).toBe(0);
  });
});

describe("a live trade while live mode is closed", () => {
  it("is not paid out by the scheduler, nor cancelled and refunded from the console", async () => {
    const tenant = await liveTenant();
    const { id: tradeId } = await insertTrade(tenant.tenantId, { state: "AwaitingShipment" });
    // A trade that reached escrow in live mode before the service closed it (as the probe's did),
    // its shipment deadline past: firing it would cancel the trade and refund the payer.
    await db.trade.update({
      where: { id: tradeId },
      data: { mode: "live", deadlineAt: new Date(Date.now() - 60_000), deadlineKind: "shipmentDeadlinePassed" },
    });
    const admin = await staffOf(tenant.tenantId, "admin");
    const before = await tenantRows(tenant.tenantId);
    const fired = await fireDueDeadlines();
    expect(fired.filter((f) => f.tradeId === tradeId)).toEqual([]);
    await expect(staffCancelTrade(admin, tradeId, "AwaitingShipment")).rejects.toMatchObject({
      code: "forbidden",
      message: expect.stringContaining("Live mode is closed"),
    });
    expect(await tenantRows(tenant.tenantId)).toEqual(before);
  });
});

describe("a person connected through two marketplaces", () => {
  it("has one account per tenant: neither tenant reads nor changes the other's payout account", async () => {
    const [victim, attacker] = [await liveTenant(), await liveTenant()];
    const mette = await person("plain");
    const now = new Date();
    // Both connections as the connect flow records them once live mode has real providers.
    const victimSeller = await saveConnection(db, { tenantId: victim.tenantId, mode: "live" }, "seller", mette, 1, now);
    const attackerUser = await saveConnection(db, { tenantId: attacker.tenantId, mode: "live" }, "me", mette, 1, now);
    expect(attackerUser.serviceAccountId).not.toBe(victimSeller.serviceAccountId);

    const choose = async (tenantId: string, marketplaceUserId: string, accountNumber: string) => {
      const link = await createHostedSession(db, {
        tenantId,
        mode: "live",
        kind: "PayoutAccount",
        marketplaceUserId,
        returnUrl: `${ORIGIN}/done`,
        now,
      });
      const session = await db.hostedSession.findUniqueOrThrow({ where: { id: link.id }, include: { tenant: true } });
      return savePayoutAccount(
        session,
        new URLSearchParams({ account: "new", accountNumber }) as unknown as FormData,
        now,
        "203.0.113.7",
      );
    };
    await choose(victim.tenantId, "seller", "DK5000400440116243");

    const details = (token: string, user: string) =>
      callRoute(userDetails, { path: `/api/v1/marketplace/users/${user}`, params: { marketplaceUserId: user }, token });
    const seenByAttacker = await details(attacker.liveApiKey, "me");
    expect(seenByAttacker.status).toBe(200);
    expect(seenByAttacker.json.bankAccount).toBeNull();
    expect(JSON.stringify(seenByAttacker.json)).not.toContain("0116243");

    await choose(attacker.tenantId, "me", "GB82WEST12345698765432");
    expect((await details(victim.liveApiKey, "seller")).json.bankAccount).toMatchObject({
      accountNumber: "DK5000400440116243",
    });
    expect((await details(attacker.liveApiKey, "me")).json.bankAccount).toMatchObject({
      accountNumber: "GB82WEST12345698765432",
    });
  });
});
