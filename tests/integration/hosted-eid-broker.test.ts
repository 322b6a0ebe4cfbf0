// The hosted connect page with the national eID at a broker (IDENTITY_PROVIDER=oidc): the sign-in
// form sends the browser to the broker, the broker's login (the oidc-provider stand-in of
// tests/stand-ins/oidc, over real HTTP) sends it back to /eid/callback, and the page goes on as it
// does with the simulated eID. A refused level ends the flow with kyc_level_not_met, a cancel at
// the broker brings the person back to sign in again, a replayed callback or another browser's
// completes nothing, and an unknown state is refused.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as initiateConnect } from "../../app/api/v1/marketplace/users/connect/route.ts";
import { driveLogin } from "../stand-ins/oidc/drive-login.ts";
import { startOidcStandIn, type OidcStandIn } from "../stand-ins/oidc/server.ts";
import { DEFAULT_TEST_PERSONS } from "../stand-ins/oidc/test-persons.ts";
import { callRoute } from "../helpers/call-route.ts";
import { hostedBrowser } from "../helpers/hosted-browser.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

const SUCCESS = "https://shop.example/connected";
const CANCEL = "https://shop.example/back";
const SECRET = "broker-client-secret-for-tests";
const [mette, anders] = DEFAULT_TEST_PERSONS as [
  (typeof DEFAULT_TEST_PERSONS)[number],
  (typeof DEFAULT_TEST_PERSONS)[number],
];

let broker: OidcStandIn;

beforeAll(async () => {
  broker = await startOidcStandIn({
    clients: [{ client_id: "escrow-test", client_secret: SECRET, redirect_uris: ["https://escrow.test/eid/callback"] }],
  });
  const settings = {
    IDENTITY_PROVIDER: "oidc",
    EID_OIDC_ISSUER_URL: broker.url,
    EID_OIDC_CLIENT_ID: "escrow-test",
    EID_OIDC_CLIENT_SECRET: SECRET,
    EID_OIDC_ALLOW_HTTP_LOOPBACK: "1",
    PUBLIC_BASE_URL: "https://escrow.test",
  };
  for (const [name, value] of Object.entries(settings)) vi.stubEnv(name, value);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await broker.stop();
});

async function connectLink(marketplaceUserId: string, requiredKycLevel = 1) {
  const tenant = await freshTenant();
  const response = await callRoute(initiateConnect, {
    method: "POST",
    path: "/api/v1/marketplace/users/connect",
    token: tenant.testApiKey,
    body: { successUrl: SUCCESS, cancelUrl: CANCEL, marketplaceUserId, requiredKycLevel },
  });
  expect(response.status).toBe(200);
  return { tenant, link: response.json.redirectUrl as string };
}

const connectedEvents = (tenantId: string) =>
  db.outboxEvent.findMany({ where: { tenantId, eventName: "user.connected" } });

describe("hosted connect through an eID broker", () => {
  it("signs the person in at the broker at substantial and connects them with the broker's subject", async () => {
    const { tenant, link } = await connectLink("anna");
    const browser = hostedBrowser();
    const atBroker = await browser.post(link, "sign-in");
    expect(atBroker.location?.startsWith(`${broker.url}/`)).toBe(true);
    const asked = new URL(atBroker.location!);
    expect(asked.searchParams.get("acr_values")).toBe("urn:grn:authn:dk:mitid:substantial");
    expect(asked.searchParams.get("code_challenge_method")).toBe("S256");

    const { callbackUrl } = await driveLogin(atBroker.location!, { person: mette, level: "substantial" });
    const back = await browser.eidCallback(callbackUrl);
    expect(back).toEqual({ status: 303, location: new URL(link).pathname });
    expect(browser.jar.get("escrow_eid")).toBeTruthy();

    expect((await browser.post(link, "consent")).location).toBe(SUCCESS);
    const [event] = await connectedEvents(tenant.tenantId);
    expect((event?.payload as { kycLevel: number }).kycLevel).toBe(1);
    const user = await db.marketplaceUser.findFirstOrThrow({
      where: { tenantId: tenant.tenantId, marketplaceUserId: "anna" },
      include: { serviceAccount: true },
    });
    expect(user.serviceAccount.identitySubject).toBe(mette.subject);
    expect(user.serviceAccount.name).toBe("Mette Hansen");
  });

  it("asks for high where KYC level 2 is required, and ends with kyc_level_not_met when the person reaches less", async () => {
    const { tenant, link } = await connectLink("bo", 2);
    const browser = hostedBrowser();
    const atBroker = await browser.post(link, "sign-in");
    expect(new URL(atBroker.location!).searchParams.get("acr_values")).toBe("urn:grn:authn:dk:mitid:high");
    const { callbackUrl } = await driveLogin(atBroker.location!, { person: anders, level: "substantial" });
    expect((await browser.eidCallback(callbackUrl)).location).toBe(`${CANCEL}?reason=kyc_level_not_met`);
    expect(await connectedEvents(tenant.tenantId)).toEqual([]);
  });

  it("brings the person back to sign in again after cancelling at the broker", async () => {
    const { tenant, link } = await connectLink("cancels");
    const browser = hostedBrowser();
    const atBroker = await browser.post(link, "sign-in");
    const { callbackUrl } = await driveLogin(atBroker.location!, "cancel");
    expect((await browser.eidCallback(callbackUrl)).location).toBe(`${new URL(link).pathname}?error=sign_in_cancelled`);
    const session = await db.hostedSession.findFirstOrThrow({ where: { tenantId: tenant.tenantId } });
    expect(session).toMatchObject({ state: "Open", identitySignInId: null });

    const again = await browser.post(link, "sign-in");
    const { callbackUrl: second } = await driveLogin(again.location!, { person: mette, level: "substantial" });
    expect((await browser.eidCallback(second)).location).toBe(new URL(link).pathname);
    expect((await browser.post(link, "consent")).location).toBe(SUCCESS);
  });

  it("completes a callback once: a replay signs nobody in again", async () => {
    const { tenant, link } = await connectLink("replayed");
    const browser = hostedBrowser();
    const atBroker = await browser.post(link, "sign-in");
    const { callbackUrl } = await driveLogin(atBroker.location!, { person: mette, level: "substantial" });
    expect((await browser.eidCallback(callbackUrl)).location).toBe(new URL(link).pathname);
    const signIn = (await db.hostedSession.findFirstOrThrow({ where: { tenantId: tenant.tenantId } })).identitySignInId;
    const signIns = await db.identitySignIn.count();

    expect((await browser.eidCallback(callbackUrl)).location).toBe(`${new URL(link).pathname}?error=sign_in_failed`);
    expect((await db.hostedSession.findFirstOrThrow({ where: { tenantId: tenant.tenantId } })).identitySignInId).toBe(
      signIn,
    );
    expect(await db.identitySignIn.count()).toBe(signIns);
  });

  it("refuses an unknown state, and lets no other browser complete the person's sign-in", async () => {
    const { tenant, link } = await connectLink("guarded");
    const browser = hostedBrowser();
    const atBroker = await browser.post(link, "sign-in");
    const { callbackUrl } = await driveLogin(atBroker.location!, { person: mette, level: "substantial" });

    const forged = new URL(callbackUrl);
    forged.searchParams.set("state", "not-a-state-we-issued");
    expect((await browser.eidCallback(forged.href)).status).toBe(400);

    const stranger = hostedBrowser();
    expect((await stranger.eidCallback(callbackUrl)).location).toBe(new URL(link).pathname);
    expect(stranger.jar.get("escrow_eid")).toBeUndefined();
    expect(
      (await db.hostedSession.findFirstOrThrow({ where: { tenantId: tenant.tenantId } })).identitySignInId,
    ).toBeNull();

    // The person's own browser still completes it: the stranger's visit spent nothing.
    expect((await browser.eidCallback(callbackUrl)).location).toBe(new URL(link).pathname);
    expect((await browser.post(link, "consent")).location).toBe(SUCCESS);
  });
});
