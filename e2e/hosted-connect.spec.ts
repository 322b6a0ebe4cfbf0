// The hosted connect page as a marketplace's user meets it: the national eID sign-in (the
// sandbox's OpenID provider and its test people), the consent screen, and back to the tenant;
// what the API and the outbox then say.
import { expect, test } from "@playwright/test";
import { tenantApi } from "./support/api.ts";
import { checkPage, watchPage } from "./support/pages.ts";
import { createE2eTenant, type E2eTenant } from "./support/tenant.ts";

let tenant: E2eTenant;
test.beforeAll(() => {
  tenant = createE2eTenant("Loppemarkedet");
});

// Spec 4.4: level 1 needs the eID and no name/address protection unless passport-verified;
// level 2 needs passport verification.
const CASES = [
  { person: "Mette Hansen", level: 1, outcome: "connected", kycLevel: 1 },
  { person: "Mette Hansen", level: 2, outcome: "kyc_level_not_met" },
  { person: "Anders Holm", level: 1, outcome: "kyc_level_not_met" },
  { person: "Sofie Lund", level: 2, outcome: "connected", kycLevel: 2 },
  { person: "Jonas Berg", level: 1, outcome: "connected", kycLevel: 2 },
  { person: "Sign-in fails", level: 1, outcome: "sign_in_failed" },
] as const;

for (const [index, c] of CASES.entries()) {
  test(`${c.person} at required level ${c.level}: ${c.outcome}`, async ({ page, request, baseURL }, testInfo) => {
    const api = tenantApi(request, tenant);
    const user = `connect-${index}-${testInfo.project.name}`;
    const link = await api.connectLink({
      marketplaceUserId: user,
      requiredKycLevel: c.level,
      successUrl: `${baseURL}/?connected=${user}`,
      cancelUrl: `${baseURL}/?cancelled=${user}`,
    });
    const problems = watchPage(page);
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Confirm who you are" })).toBeVisible();
    if (c.level === 2) await expect(page.getByText("also requires that your passport has been verified")).toBeVisible();
    if (index === 0) await checkPage(page, testInfo, "connect-sign-in", problems);
    await page.getByLabel(new RegExp(c.person)).check();
    await page.getByRole("button", { name: "Sign in with eID" }).click();

    if (c.outcome === "connected") {
      await expect(page.getByRole("heading", { name: "Connect to Loppemarkedet" })).toBeVisible();
      await expect(
        page.getByText(c.kycLevel === 2 ? "Verified with eID and passport" : "Verified with eID", { exact: true }),
      ).toBeVisible();
      if (index === 0) await checkPage(page, testInfo, "connect-consent", problems);
      await page.getByRole("button", { name: "Connect", exact: true }).click();
      await expect(page).toHaveURL(`${baseURL}/?connected=${user}`);
      const details = await api.user(user);
      expect(details.json).toMatchObject({ kycLevel: c.kycLevel, serviceUserId: expect.any(String) });
      const [event] = (await api.events({ eventName: "user.connected" })).filter(
        (e) => e.payload.marketplaceUserId === user,
      );
      expect(event?.payload).toMatchObject({
        eventName: "user.connected",
        referenceId: user,
        serviceAccountId: details.json.serviceUserId,
        kycLevel: c.kycLevel,
      });
    } else {
      await expect(page).toHaveURL(`${baseURL}/?cancelled=${user}&reason=${c.outcome}`);
      expect((await api.user(user)).status).toBe(404);
    }
  });
}

test("the sandbox's eID is an OpenID provider: the sign-in passes its authorization endpoint and our callback", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const api = tenantApi(request, tenant);
  const user = `oidc-${testInfo.project.name}`;
  const link = await api.connectLink({
    marketplaceUserId: user,
    successUrl: `${baseURL}/?connected=${user}`,
    cancelUrl: `${baseURL}/?cancelled=${user}`,
  });
  const visited: string[] = [];
  page.on("request", (sent) => {
    if (sent.isNavigationRequest()) visited.push(new URL(sent.url()).pathname);
  });
  await page.goto(link);
  await page.getByLabel(/Mette Hansen/).check();
  await page.getByRole("button", { name: "Sign in with eID" }).click();
  await expect(page.getByRole("heading", { name: "Connect to Loppemarkedet" })).toBeVisible();
  expect(visited).toEqual(expect.arrayContaining(["/sandbox-eid/authorize", "/eid/callback"]));
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page).toHaveURL(`${baseURL}/?connected=${user}`);
  expect((await api.user(user)).json).toMatchObject({ name: "Mette Hansen", kycLevel: 1 });

  // Its discovery document is public, as a broker's is.
  const discovery = await request.get("/sandbox-eid/.well-known/openid-configuration");
  expect(await discovery.json()).toMatchObject({
    authorization_endpoint: `${baseURL}/sandbox-eid/authorize`,
    code_challenge_methods_supported: ["S256"],
  });
});

test("the next connect in this browser needs only consent at another marketplace, unless the tenant forces the eID sign-in", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const api = tenantApi(request, tenant);
  const s = testInfo.project.name;
  const links = (user: string, query = "") =>
    api.connectLink(
      {
        marketplaceUserId: user,
        successUrl: `${baseURL}/?connected=${user}`,
        cancelUrl: `${baseURL}/?cancelled=${user}`,
      },
      query,
    );
  await page.goto(await links(`first-${s}`));
  await page.getByLabel(/Sofie Lund/).check();
  await page.getByRole("button", { name: "Sign in with eID" }).click();
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page).toHaveURL(/connected=first-/);

  // Another account of the same marketplace: Sofie Lund is first-'s person here, so whoever uses
  // the browser now signs in for themself (a person on both sides of a trade is refused).
  await page.goto(await links(`second-${s}`));
  await expect(page.getByRole("heading", { name: "Confirm who you are" })).toBeVisible();

  // forceOnboarding=true ignores the remembered sign-in.
  await page.goto(await links(`forced-${s}`, "?forceOnboarding=true"));
  await expect(page.getByRole("heading", { name: "Confirm who you are" })).toBeVisible();

  // Another marketplace (a second tenant) in the same browser: straight to consent.
  const other = tenantApi(request, createE2eTenant("Genbrugsbørsen"));
  await page.goto(
    await other.connectLink({
      marketplaceUserId: `again-${s}`,
      successUrl: `${baseURL}/?connected=again`,
      cancelUrl: `${baseURL}/?cancelled=again`,
    }),
  );
  await expect(page.getByRole("heading", { name: "Connect to Genbrugsbørsen" })).toBeVisible();
  await expect(page.getByText("Sofie Lund")).toBeVisible();

  // "Not you?" signs in as someone else.
  await page.getByRole("link", { name: /Not you/ }).click();
  await page.getByLabel(/Mette Hansen/).check();
  await page.getByRole("button", { name: "Sign in with eID" }).click();
  await expect(page.getByText("Mette Hansen")).toBeVisible();
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page).toHaveURL(/connected=again/);
  expect((await other.user(`again-${s}`)).json.name).toBe("Mette Hansen");
});

test("a seller and a buyer connected with the defaults in one browser are two people; the footer speaks of the sign-in", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const api = tenantApi(request, tenant);
  const s = testInfo.project.name;
  const [seller, buyer] = [`own-seller-${s}`, `own-buyer-${s}`];
  const link = (user: string) =>
    api.connectLink({
      marketplaceUserId: user,
      successUrl: `${baseURL}/?connected=${user}`,
      cancelUrl: `${baseURL}/?cancelled=${user}`,
    });
  const problems = watchPage(page);
  await page.goto(await link(seller));
  await expect(page.getByRole("heading", { name: "Confirm who you are" })).toBeVisible();
  // Nothing is paid here: the footer says what the page does.
  await expect(page.getByRole("contentinfo")).toContainText("Secure sign-in with your national eID");
  await expect(page.getByRole("contentinfo")).not.toContainText("Secure payment");
  // The preselected person is the account's own, not a test person every account shares.
  const preselected = page.getByRole("radio", { checked: true });
  await expect(preselected).toHaveAccessibleName(/This account's own test person/);
  await expect(page.getByLabel(/Mette Hansen/)).not.toBeChecked();
  await checkPage(page, testInfo, "connect-sign-in-own-person", problems);
  await page.getByRole("button", { name: "Sign in with eID" }).click();
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page).toHaveURL(`${baseURL}/?connected=${seller}`);

  // The buyer in the same browser: the seller's sign-in is not offered, and the default is another person.
  await page.goto(await link(buyer));
  await expect(page.getByRole("heading", { name: "Confirm who you are" })).toBeVisible();
  await page.getByRole("button", { name: "Sign in with eID" }).click();
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page).toHaveURL(`${baseURL}/?connected=${buyer}`);

  const [sellerDetails, buyerDetails] = [(await api.user(seller)).json, (await api.user(buyer)).json];
  expect(buyerDetails.serviceUserId).not.toBe(sellerDetails.serviceUserId);
  expect(buyerDetails.name).not.toBe(sellerDetails.name);
  const trade = await api.initiate({
    title: "Lamp",
    description: "Brass desk lamp",
    amount: 400,
    payerFee: 0,
    payeeFee: 0,
    payerMarketplaceUserId: buyer,
    payeeMarketplaceUserId: seller,
    successUrl: `${baseURL}/?paid`,
    cancelUrl: `${baseURL}/?cancelled`,
  });
  expect(trade.tradeId).toEqual(expect.any(String));
});

test("declining or cancelling sends the user back with the reason, and the link then says so", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const api = tenantApi(request, tenant);
  const s = testInfo.project.name;
  const declineLink = await api.connectLink({
    marketplaceUserId: `decline-${s}`,
    successUrl: `${baseURL}/?connected`,
    cancelUrl: `${baseURL}/?declined=1`,
  });
  await page.goto(declineLink);
  await page.getByRole("button", { name: "Sign in with eID" }).click();
  await page.getByRole("button", { name: "Don't connect" }).click();
  await expect(page).toHaveURL(`${baseURL}/?declined=1&reason=consent_declined`);

  const cancelLink = await api.connectLink(
    { marketplaceUserId: `cancel-${s}`, successUrl: `${baseURL}/?connected`, cancelUrl: `${baseURL}/?cancelled=1` },
    "?forceOnboarding=true",
  );
  await page.goto(cancelLink);
  await page.getByRole("button", { name: /Cancel and return to Loppemarkedet/ }).click();
  await expect(page).toHaveURL(`${baseURL}/?cancelled=1&reason=cancelled`);
  await page.goto(cancelLink);
  await expect(page.getByRole("heading", { name: "Not connected" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Loppemarkedet" })).toHaveAttribute(
    "href",
    `${baseURL}/?cancelled=1&reason=cancelled`,
  );
  expect((await api.user(`decline-${s}`)).status).toBe(404);
});

test.describe("in a Danish browser", () => {
  test.use({ locale: "da-DK" });

  test("the page is in Danish, with a switch to English", async ({ page, request, baseURL }, testInfo) => {
    const problems = watchPage(page);
    const api = tenantApi(request, tenant);
    await page.goto(
      await api.connectLink({
        marketplaceUserId: `dansk-${testInfo.project.name}`,
        successUrl: `${baseURL}/?ok`,
        cancelUrl: `${baseURL}/?no`,
      }),
    );
    await expect(page.getByRole("heading", { name: "Bekræft, hvem du er" })).toBeVisible();
    await expect(page.locator("[lang=da]").first()).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("Sikkert log-ind med dit nationale eID");
    await checkPage(page, testInfo, "connect-sign-in-da", problems);
    await page.getByRole("link", { name: "English" }).click();
    await expect(page.getByRole("heading", { name: "Confirm who you are" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: "Confirm who you are" })).toBeVisible(); // the choice is remembered
  });
});
