// Live mode's connect page with the national eID at an OpenID Connect broker, in Chromium: the
// live server of playwright.config.ts signs people in at the broker's stand-in (oidc-provider,
// tests/stand-ins/oidc) and comes back to /eid/callback. A person connected by one live tenant is
// unknown to another; a refused level, a cancelled sign-in, a replayed callback and a wrong state
// connect nobody.
import { expect, test } from "@playwright/test";
import { LIVE_DATABASE } from "../playwright.config.ts";
import { tenantApi } from "./support/api.ts";
import { atBroker } from "./support/eid-broker.ts";
import { createE2eTenant, type E2eTenant } from "./support/tenant.ts";

const SHOP = "https://shop.example";
let first: E2eTenant;
let second: E2eTenant;

test.beforeAll(() => {
  const options = { redirectOrigins: [SHOP], database: LIVE_DATABASE };
  first = createE2eTenant("Loppemarkedet Live", options);
  second = createE2eTenant("Genbrugsbørsen Live", options);
});

test.beforeEach(async ({ page }) => {
  // The tenant's shop is not on this machine: its pages answer here.
  await page.route(`${SHOP}/**`, (route) => route.fulfill({ contentType: "text/html", body: "<title>Shop</title>ok" }));
});

async function connectLink(tenant: E2eTenant, request: Parameters<typeof tenantApi>[0], user: string, level = 1) {
  return tenantApi(request, tenant, "live").connectLink({
    marketplaceUserId: user,
    requiredKycLevel: level,
    successUrl: `${SHOP}/connected?user=${user}`,
    cancelUrl: `${SHOP}/cancelled?user=${user}`,
  });
}

test("a seller connects at the broker in live mode, and another tenant does not know them", async ({
  page,
  request,
}) => {
  await page.goto(await connectLink(first, request, "seller"));
  await expect(page.getByRole("heading", { name: "Confirm who you are" })).toBeVisible();
  await expect(page.getByText("Test person (simulated eID)")).toHaveCount(0);
  await page.getByRole("button", { name: "Sign in with eID" }).click();
  await atBroker(page, { person: "Mette Hansen", level: "substantial" });

  await expect(page.getByRole("heading", { name: "Connect to Loppemarkedet Live" })).toBeVisible();
  await expect(page.getByText("Mette Hansen", { exact: true })).toBeVisible();
  // MitID gives no postal address: the person declares it (stored as self-declared).
  await page.getByLabel("Street and house number").fill("Nørregade 12, 2. tv");
  await page.getByLabel("Postal code").fill("1165");
  await page.getByLabel("Town or city").fill("København K");
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page).toHaveURL(`${SHOP}/connected?user=seller`);

  const details = await tenantApi(request, first, "live").user("seller");
  expect(details.status).toBe(200);
  expect(details.json).toMatchObject({ kycLevel: 1 });
  expect((await tenantApi(request, second, "live").user("seller")).status).toBe(404);
  expect((await tenantApi(request, first, "test").user("seller")).status).toBe(404);
});

test("a level the person does not reach sends them to the cancel address with kyc_level_not_met", async ({
  page,
  request,
}) => {
  await page.goto(await connectLink(first, request, "needs-high", 2));
  await page.getByRole("button", { name: "Sign in with eID" }).click();
  await atBroker(page, { person: "Anders Holm", level: "substantial" });
  await expect(page).toHaveURL(`${SHOP}/cancelled?user=needs-high&reason=kyc_level_not_met`);
  expect((await tenantApi(request, first, "live").user("needs-high")).status).toBe(404);
});

test("cancelling at the broker brings the person back to sign in again", async ({ page, request }) => {
  const link = await connectLink(first, request, "cancels");
  await page.goto(link);
  await page.getByRole("button", { name: "Sign in with eID" }).click();
  await atBroker(page, "cancel");
  await expect(page).toHaveURL(new RegExp(`${new URL(link).pathname}\\?error=sign_in_cancelled$`));
  await expect(page.getByText("You cancelled the eID sign-in.")).toBeVisible();
  expect((await tenantApi(request, first, "live").user("cancels")).status).toBe(404);
});

test("a replayed callback and a wrong state connect nobody", async ({ page, request }) => {
  const link = await connectLink(first, request, "replayed");
  await page.goto(link);
  await page.getByRole("button", { name: "Sign in with eID" }).click();
  const callback = page.waitForRequest((sent) => new URL(sent.url()).pathname === "/eid/callback");
  await atBroker(page, { person: "Mette Hansen", level: "substantial" });
  const callbackUrl = (await callback).url();
  await expect(page.getByRole("heading", { name: "Connect to Loppemarkedet Live" })).toBeVisible();

  await page.goto(callbackUrl);
  await expect(page).toHaveURL(new RegExp(`${new URL(link).pathname}\\?error=sign_in_failed$`));
  await expect(page.getByText("The eID sign-in did not succeed.")).toBeVisible();

  const forged = new URL(callbackUrl);
  forged.searchParams.set("state", "a-state-nobody-issued");
  const answer = await page.goto(forged.href);
  expect(answer?.status()).toBe(400);
  expect((await tenantApi(request, first, "live").user("replayed")).status).toBe(404);
});
