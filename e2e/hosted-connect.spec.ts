// The hosted connect page, driven as the marketplace's user would: open the redirect address,
// pick a (simulated) eID identity, and land on the tenant's success or cancel address.
import { expect, test, type APIRequestContext } from "@playwright/test";
import { createE2eTenant, type E2eTenant } from "./tenant.ts";

let tenant: E2eTenant;
test.beforeAll(() => {
  tenant = createE2eTenant();
});

async function startConnect(request: APIRequestContext, baseURL: string, user: string, requiredKycLevel?: number) {
  const response = await request.post("/api/v1/marketplace/users/connect", {
    headers: { Authorization: `Bearer ${tenant.testApiKey}` },
    data: { successUrl: `${baseURL}/?connected=${user}`, cancelUrl: `${baseURL}/?cancelled=${user}`, marketplaceUserId: user, requiredKycLevel },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).redirectUrl as string;
}

test("a user signs in and is sent to successUrl, then shows as connected", async ({ page, request, baseURL }, testInfo) => {
  const user = `connect-ok-${testInfo.project.name}`;
  await page.goto(await startConnect(request, baseURL!, user));
  await expect(page.getByRole("heading", { name: "Connect to secure payments" })).toBeVisible();
  await page.screenshot({ path: `test-results/screenshots/connect-${testInfo.project.name}.png`, fullPage: true });
  await page.getByLabel(/Mette Hansen/).check();
  await page.getByRole("button", { name: "Sign in and connect" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?connected=${user}$`));

  const details = await request.get(`/api/v1/marketplace/users/${user}`, { headers: { Authorization: `Bearer ${tenant.testApiKey}` } });
  expect(await details.json()).toMatchObject({ name: "Mette Hansen", kycLevel: 1 });
});

test("a protected person without passport check cannot reach level 1: sent to cancelUrl with the reason", async ({ page, request, baseURL }, testInfo) => {
  const user = `connect-kyc-${testInfo.project.name}`;
  await page.goto(await startConnect(request, baseURL!, user, 1));
  await page.getByLabel(/Anders Holm/).check();
  await page.getByRole("button", { name: "Sign in and connect" }).click();
  await expect(page).toHaveURL(/cancelled=.*reason=kyc_level_not_met/);
  const details = await request.get(`/api/v1/marketplace/users/${user}`, { headers: { Authorization: `Bearer ${tenant.testApiKey}` } });
  expect(details.status()).toBe(404);
});

test("cancel returns to cancelUrl, and the link cannot be used again", async ({ page, request, baseURL }, testInfo) => {
  const link = await startConnect(request, baseURL!, `connect-cancel-${testInfo.project.name}`);
  await page.goto(link);
  await page.getByRole("button", { name: /Cancel and return/ }).click();
  await expect(page).toHaveURL(/cancelled=.*reason=cancelled/);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This link can no longer be used" })).toBeVisible();
});
