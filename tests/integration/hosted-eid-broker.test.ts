// The hosted connect page with the national eID at a broker (IDENTITY_PROVIDER=oidc): the sign-in
// form sends the browser to the broker, the broker's login (the oidc-provider stand-in of
// tests/stand-ins/oidc, over real HTTP) sends it back to /eid/callback, and the page goes on as it
// does with the simulated eID. A refused level ends the flow with kyc_level_not_met, a cancel at
// the broker brings the person back to sign in again, a replayed callback or another browser's
// completes nothing, and an unknown state is refused. The broker tells no postal address, so the
// consent carries the one the person types (decisions.md §11): refused field by field until it is
// a Danish address, then kept on the service account marked as self-declared; the simulated eID's
// address is the eID's own and is not marked.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as initiateConnect } from "../../app/api/v1/marketplace/users/connect/route.ts";
import { driveLogin } from "../stand-ins/oidc/drive-login.ts";
import { startOidcStandIn, type OidcStandIn } from "../stand-ins/oidc/server.ts";
import { DEFAULT_TEST_PERSONS } from "../stand-ins/oidc/test-persons.ts";
import { callRoute } from "../helpers/call-route.ts";
import { hostedBrowser } from "../helpers/hosted-browser.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { db, freshTenant } from "../helpers/tenants.ts";
import { parcelRoute } from "../../lib/shipping/parcel-route.ts";
import { saveConnection } from "../../lib/users/connect-user.ts";

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

/** The postal address a person signed in at the broker types on the consent step. */
const ADDRESS = { address: "Vestergade 12, 2. tv", postalCode: "8000", city: "Aarhus C" };

/** A person as an eID that tells the postal address (the simulated one) gives them. */
const ELSEWHERE = {
  subject: "",
  name: "Mette Hansen",
  address: "Nørregade 12, 2. tv",
  city: "København K",
  postalCode: "1165",
  phoneNumber: null,
  nameAddressProtected: false,
  passportVerified: false,
};

const accountOf = (tenantId: string, marketplaceUserId: string) =>
  db.marketplaceUser
    .findFirstOrThrow({ where: { tenantId, marketplaceUserId }, include: { serviceAccount: true } })
    .then((user) => user.serviceAccount);

/** Signs the person in at the broker from the hosted page `link`; the browser is back on the page. */
async function signedInAtBroker(link: string, person = mette) {
  const browser = hostedBrowser();
  const atBroker = await browser.post(link, "sign-in");
  const { callbackUrl } = await driveLogin(atBroker.location!, { person, level: "substantial" });
  expect((await browser.eidCallback(callbackUrl)).location).toBe(new URL(link).pathname);
  return browser;
}

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

    expect((await browser.post(link, "consent", ADDRESS)).location).toBe(SUCCESS);
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
    expect((await browser.post(link, "consent", ADDRESS)).location).toBe(SUCCESS);
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
    expect((await browser.post(link, "consent", ADDRESS)).location).toBe(SUCCESS);
  });

  it("refuses a consent without a postal address, naming each field, and connects nobody", async () => {
    const { tenant, link } = await connectLink("no-address");
    const browser = await signedInAtBroker(link);
    const page = new URL(link).pathname;

    expect((await browser.post(link, "consent")).location).toBe(
      `${page}?address_error=street_missing&postalCode_error=postal_code_missing&city_error=city_missing`,
    );
    const refused = { address: "Vestergade", postalCode: "800", city: "8000 Aarhus C" };
    expect((await browser.post(link, "consent", refused)).location).toBe(
      `${page}?address_error=street_format&postalCode_error=postal_code_format&city_error=city_format`,
    );
    expect((await browser.post(link, "consent", { ...ADDRESS, postalCode: "DK-8000" })).location).toBe(
      `${page}?postalCode_error=postal_code_format`,
    );
    expect((await browser.post(link, "consent", { ...ADDRESS, city: "A".repeat(51) })).location).toBe(
      `${page}?city_error=city_too_long`,
    );

    expect(await connectedEvents(tenant.tenantId)).toEqual([]);
    expect(await db.marketplaceUser.count({ where: { tenantId: tenant.tenantId } })).toBe(0);
    expect(await db.serviceAccount.count({ where: { tenantId: tenant.tenantId } })).toBe(0);
    // The session stays open: the person corrects the address and consents again.
    const session = await db.hostedSession.findFirstOrThrow({ where: { tenantId: tenant.tenantId } });
    expect(session.state).toBe("Open");
    expect((await browser.post(link, "consent", ADDRESS)).location).toBe(SUCCESS);
    expect(await connectedEvents(tenant.tenantId)).toHaveLength(1);
  });

  it("connects with the address the person typed, stored as self-declared for the carriers' labels", async () => {
    const { tenant, link } = await connectLink("declares");
    const browser = await signedInAtBroker(link);
    const typed = { address: "  Vestergade   12, 2. tv ", postalCode: " 8000 ", city: " Aarhus  C" };
    expect((await browser.post(link, "consent", typed)).location).toBe(SUCCESS);
    expect(await accountOf(tenant.tenantId, "declares")).toMatchObject({
      identitySubject: mette.subject,
      name: "Mette Hansen",
      ...ADDRESS,
      addressSelfDeclared: true,
    });
  });

  it("asks a new payer at the checkout for the address too, and connects them with it", async () => {
    const tenant = await freshTenant();
    const api = tenantClient(tenant.testApiKey);
    await api.connect("seller");
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
    const link = initiated.json.redirectUrl as string;
    const browser = await signedInAtBroker(link);
    const page = new URL(link).pathname;

    expect((await browser.post(link, "consent", { ...ADDRESS, address: "" })).location).toBe(
      `${page}?address_error=street_missing`,
    );
    expect(await db.marketplaceUser.count({ where: { tenantId: tenant.tenantId, marketplaceUserId: "buyer" } })).toBe(
      0,
    );
    expect((await browser.post(link, "consent", ADDRESS)).location).toBe(page);
    expect(await accountOf(tenant.tenantId, "buyer")).toMatchObject({
      identitySubject: mette.subject,
      ...ADDRESS,
      addressSelfDeclared: true,
    });
    // The sandbox's seller came with an address of its own, not declared on our page.
    expect(await accountOf(tenant.tenantId, "seller")).toMatchObject({ addressSelfDeclared: false });
    // The carriers' labels read the same columns: the buyer receives the parcel at that address.
    const trade = await db.trade.findUniqueOrThrow({ where: { id: initiated.json.tradeId as string } });
    expect((await parcelRoute(trade, "Delivery")).receiver).toMatchObject({ ...ADDRESS, countryCode: "DK" });
  });

  it("keeps the simulated eID's address as the eID's own: no address asked, not self-declared", async () => {
    vi.stubEnv("IDENTITY_PROVIDER", "simulated");
    try {
      const { tenant, link } = await connectLink("simulated");
      const browser = hostedBrowser();
      expect((await browser.post(link, "sign-in", { identity: "plain" })).location).toBe(new URL(link).pathname);
      // Address fields sent anyway change nothing: the eID told the address.
      expect(
        (await browser.post(link, "consent", { address: "Elsewhere 1", postalCode: "1000", city: "Kbh" })).location,
      ).toBe(SUCCESS);
      expect(await accountOf(tenant.tenantId, "simulated")).toMatchObject({
        name: "Mette Hansen",
        address: "Nørregade 12, 2. tv",
        postalCode: "1165",
        city: "København K",
        addressSelfDeclared: false,
      });
    } finally {
      vi.stubEnv("IDENTITY_PROVIDER", "oidc");
    }
  });

  it("clears the self-declared mark when the same person connects again with an eID that tells the address", async () => {
    const { tenant, link } = await connectLink("both");
    const browser = await signedInAtBroker(link);
    expect((await browser.post(link, "consent", ADDRESS)).location).toBe(SUCCESS);
    const account = await accountOf(tenant.tenantId, "both");
    expect(account.addressSelfDeclared).toBe(true);
    // The same account updated from an identity whose eID told its address.
    await saveConnection(
      db,
      { tenantId: tenant.tenantId, mode: "test" },
      "both",
      { ...ELSEWHERE, subject: mette.subject },
      1,
      new Date(),
    );
    expect(await accountOf(tenant.tenantId, "both")).toMatchObject({
      id: account.id,
      address: ELSEWHERE.address,
      addressSelfDeclared: false,
    });
  });
});
