// One verified person on both sides of a trade (two marketplace user ids connected to one service
// account) is refused wherever the payer commits: initiate, accept the invitation, accept-and-pay,
// the escrow payment's flow and its completion, and the hosted checkout's connect step. The
// sandbox's hosted sign-in preselects a test person of the account's own, and does not offer a
// sign-in remembered for another account of the same marketplace, so that by default a buyer and
// a seller are two people.
import { describe, expect, it } from "vitest";
import { POST as initiateConnect } from "../../app/api/v1/marketplace/users/connect/route.ts";
import { POST as acceptInvitationRoute } from "../../app/api/v1/marketplace/users/[marketplaceUserId]/trades/[tradeId]/invitation/accept/route.ts";
import { simulatedIdentityProvider } from "../../lib/identity/simulated-identity-provider.ts";
import { callRoute, expectErrorRecord } from "../helpers/call-route.ts";
import { hostedBrowser } from "../helpers/hosted-browser.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

const SUCCESS = "https://shop.example/ok";
const CANCEL = "https://shop.example/back";

type Tenant = Awaited<ReturnType<typeof freshTenant>>;

async function connectLink(tenant: Tenant, marketplaceUserId: string) {
  const answer = await callRoute(initiateConnect, {
    method: "POST",
    path: "/api/v1/marketplace/users/connect",
    token: tenant.testApiKey,
    body: { marketplaceUserId, successUrl: SUCCESS, cancelUrl: CANCEL },
  });
  expect(answer.status).toBe(200);
  return answer.json.redirectUrl as string;
}

/** The account's own test person, the one its sign-in page preselects. */
const ownPerson = (marketplaceUserId: string) =>
  simulatedIdentityProvider.testIdentities({ seed: marketplaceUserId, passport: false })[0]!.id;

/** Connects the user through the hosted connect page as the given test person, in a browser of its own. */
async function connectAs(tenant: Tenant, marketplaceUserId: string, identity: string, browser = hostedBrowser()) {
  const link = await connectLink(tenant, marketplaceUserId);
  expect((await browser.post(link, "sign-in", { identity })).location).toBe(new URL(link).pathname);
  expect((await browser.post(link, "consent")).location).toBe(SUCCESS);
}

const accountOf = async (tenant: Tenant, marketplaceUserId: string) =>
  (
    await db.marketplaceUser.findFirstOrThrow({
      where: { tenantId: tenant.tenantId, marketplaceUserId },
      include: { serviceAccount: true },
    })
  ).serviceAccount;

const lamp = (payer: string) => ({
  title: "Lamp",
  description: "Brass desk lamp",
  amount: 400,
  payerFee: 0,
  payeeFee: 0,
  payerMarketplaceUserId: payer,
  payeeMarketplaceUserId: "seller",
  successUrl: SUCCESS,
  cancelUrl: CANCEL,
});

const acceptInvitation = (tenant: Tenant, u: string, t: string) =>
  callRoute(acceptInvitationRoute, {
    method: "POST",
    path: `/api/v1/marketplace/users/${u}/trades/${t}/invitation/accept`,
    params: { marketplaceUserId: u, tradeId: t },
    token: tenant.testApiKey,
  });

describe("one person on both sides of a trade", () => {
  it("is refused at initiation when the payer and the payee are connected as the same person, and nothing is written", async () => {
    const tenant = await freshTenant();
    const api = tenantClient(tenant.testApiKey);
    await connectAs(tenant, "seller", "plain");
    await connectAs(tenant, "buyer", "plain"); // another browser, the same test person
    const refused = expectErrorRecord(await api.initiate(lamp("buyer")), 409, "payer-is-payee");
    expect(refused.detail).toContain('"buyer"');
    expect(refused.detail).toContain('"seller"');
    for (const count of [
      db.trade.count({ where: { tenantId: tenant.tenantId } }),
      db.tradeParty.count({ where: { tenantId: tenant.tenantId } }),
      db.payment.count({ where: { tenantId: tenant.tenantId } }),
      db.hostedSession.count({ where: { tenantId: tenant.tenantId, kind: "Checkout" } }),
    ]) {
      expect(await count).toBe(0);
    }
    // Another person buys as usual.
    await connectAs(tenant, "other-buyer", "passport");
    expect((await api.initiate(lamp("other-buyer"))).status).toBe(200);
  });

  it("is refused when the payer connects as the payee's person after initiation: accept, pay, payment flow, completion", async () => {
    const tenant = await freshTenant();
    const api = tenantClient(tenant.testApiKey);
    await connectAs(tenant, "seller", "plain");
    const initiated = await api.initiate(lamp("buyer")); // the buyer has not connected yet
    expect(initiated.status).toBe(200);
    const tradeId = initiated.json.tradeId as string;
    const escrow = await db.payment.findFirstOrThrow({ where: { tradeId, purpose: "Escrow" } });
    await connectAs(tenant, "buyer", "plain");

    expectErrorRecord(await acceptInvitation(tenant, "buyer", tradeId), 409, "payer-is-payee");
    expectErrorRecord(await api.acceptAndPay("buyer", tradeId), 409, "payer-is-payee");
    expectErrorRecord(
      await api.paymentFlow("buyer", escrow.id, { successUrl: SUCCESS, cancelUrl: CANCEL }),
      409,
      "payer-is-payee",
    );
    expectErrorRecord(await api.completePayment(escrow.externalId), 409, "payer-is-payee");

    expect((await api.trade("seller", tradeId)).json.state).toBe("Created");
    expect((await api.escrowPayment("buyer", tradeId)).json).toMatchObject({ state: "Pending", isPaid: false });
    expect(await db.outboxEvent.count({ where: { tradeId } })).toBe(0);
    expect(await db.paymentAttempt.count({ where: { paymentId: escrow.id } })).toBe(0);
  });

  it("the hosted checkout does not connect the seller's person as the buyer; the buyer's own person pays", async () => {
    const tenant = await freshTenant();
    const api = tenantClient(tenant.testApiKey);
    const browser = hostedBrowser(); // the seller connects, then buys, in one browser
    await connectAs(tenant, "seller", "plain", browser);
    const initiated = await api.initiate(lamp("buyer"));
    const link = initiated.json.redirectUrl as string;
    const page = new URL(link).pathname;

    // The seller's remembered sign-in is not offered to the buyer: consent alone connects nobody.
    expect((await browser.post(link, "consent")).location).toBe(page);
    await browser.post(link, "sign-in", { identity: "plain" });
    expect((await browser.post(link, "consent")).location).toBe(`${page}?error=same_person`);
    expect(await db.marketplaceUser.count({ where: { tenantId: tenant.tenantId, marketplaceUserId: "buyer" } })).toBe(
      0,
    );
    // The refused person is forgotten by the page: consenting again still connects nobody.
    expect((await browser.post(link, "consent")).location).toBe(page);

    await browser.post(link, "sign-in", { identity: ownPerson("buyer") });
    expect((await browser.post(link, "consent")).location).toBe(page);
    expect((await accountOf(tenant, "buyer")).id).not.toBe((await accountOf(tenant, "seller")).id);
    expect((await browser.pay(link, "card-4242")).location).toBe(SUCCESS);
    expect((await api.trade("buyer", initiated.json.tradeId)).json.state).toBe("AwaitingShipment");
  });

  it("the sandbox's sign-in preselects each account's own person, and a sign-in remembered for another account is not offered", async () => {
    const tenant = await freshTenant();
    const browser = hostedBrowser();
    await connectAs(tenant, "seller", ownPerson("seller"), browser);

    // The same browser, another account of the marketplace: not straight to consent.
    const buyerLink = await connectLink(tenant, "buyer");
    expect((await browser.post(buyerLink, "consent")).location).toBe(new URL(buyerLink).pathname);
    expect(await db.marketplaceUser.count({ where: { tenantId: tenant.tenantId, marketplaceUserId: "buyer" } })).toBe(
      0,
    );
    await browser.post(buyerLink, "sign-in", { identity: ownPerson("buyer") });
    expect((await browser.post(buyerLink, "consent")).location).toBe(SUCCESS);

    const [seller, buyer] = [await accountOf(tenant, "seller"), await accountOf(tenant, "buyer")];
    expect(buyer.identitySubject).not.toBe(seller.identitySubject);
    expect(buyer.name).not.toBe(seller.name);
    expect({ kycLevel: buyer.kycLevel, passportVerified: buyer.passportVerified }).toEqual({
      kycLevel: 1,
      passportVerified: false,
    });
    // Their trade goes ahead.
    const api = tenantClient(tenant.testApiKey);
    expect((await api.initiate(lamp("buyer"))).status).toBe(200);

    // The account's own person is the same each time: reconnecting keeps the seller's account.
    await connectAs(tenant, "seller", ownPerson("seller"));
    expect((await accountOf(tenant, "seller")).id).toBe(seller.id);
  });
});

describe("the simulated eID's own test person", () => {
  it("is the same person for an account whatever the level asked, distinct between accounts, and reaches that level", async () => {
    const plain = simulatedIdentityProvider.testIdentities({ seed: "anna", passport: false })[0]!;
    const passport = simulatedIdentityProvider.testIdentities({ seed: "anna", passport: true })[0]!;
    expect(plain.detailKey).toBe("own");
    expect(passport.detailKey).toBe("own-passport");
    expect(passport.label).toBe(plain.label);
    const signIn = async (id: string) => {
      const result = await simulatedIdentityProvider.signIn(id);
      if (!result.ok) throw new Error(`${id} does not sign in`);
      return result;
    };
    const [a, b, c] = [await signIn(plain.id), await signIn(passport.id), await signIn(ownPerson("bo"))];
    expect(b.identity.subject).toBe(a.identity.subject);
    expect([a.identity.passportVerified, b.identity.passportVerified]).toEqual([false, true]);
    expect(c.identity.subject).not.toBe(a.identity.subject);
    // Anything else that looks like one is refused, as an unknown person is.
    for (const id of ["own:xyz", "own:", "own-passport:0123", "__proto__"])
      expect(await simulatedIdentityProvider.signIn(id)).toEqual({ ok: false, reason: "sign_in_failed" });
  });
});
