// Returning into the tenant's app (appSwitch): on Android an intent: address that falls back to
// the web address, on iOS the app's own callback; the flow's outcome rides along in the query.
import { expect, test } from "@playwright/test";
import { sandboxTrade, tenantApi } from "./support/api.ts";
import { formRedirect } from "./support/pages.ts";
import { createE2eTenant, type E2eTenant } from "./support/tenant.ts";

let tenant: E2eTenant;
test.beforeAll(() => {
  tenant = createE2eTenant("Appmarkedet");
});

test("Android: connect returns through an intent: address with the web successUrl as fallback", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const api = tenantApi(request, tenant);
  const user = `app-android-${testInfo.project.name}`;
  const link = await api.connectLink({
    marketplaceUserId: user,
    successUrl: `${baseURL}/?connected`,
    cancelUrl: `${baseURL}/?cancelled`,
    appSwitch: { appSwitchCallbackUri: "appmarkedet://escrow/connected", operatingSystem: "Android" },
  });
  await page.goto(link);
  await page.getByRole("button", { name: "Sign in with eID" }).click();
  const target = await formRedirect(page, () => page.getByRole("button", { name: "Connect", exact: true }).click());
  expect(target).toBe(
    `intent://escrow/connected?status=success#Intent;scheme=appmarkedet;S.browser_fallback_url=${encodeURIComponent(`${baseURL}/?connected`)};end`,
  );
  expect((await api.user(user)).status).toBe(200);
});

test("iOS: a paid checkout returns to the app's callback, and the finished page links there too", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const api = tenantApi(request, tenant);
  const { tradeId, redirectUrl, buyer } = await sandboxTrade(api, baseURL!, `app-ios-${testInfo.project.name}`, {
    appSwitch: { appSwitchCallbackUri: "appmarkedet://escrow/checkout?order=42", operatingSystem: "iOS" },
  });
  await page.goto(redirectUrl);
  await page.getByRole("button", { name: /^Pay/ }).click();
  // Paid at the sandbox bank, the payer comes back to our return address, which sends them on to the app.
  await expect(page.getByText("This bank exists only in the sandbox")).toBeVisible();
  const returned = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith("/return") && r.status() === 303);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  const target = (await returned).headers()["location"];
  expect(target).toBe("appmarkedet://escrow/checkout?order=42&status=success");
  expect((await api.trade(buyer, tradeId)).state).toBe("AwaitingShipment");
  await page.goto(redirectUrl);
  await expect(page.getByRole("link", { name: "Return to Appmarkedet" })).toHaveAttribute(
    "href",
    "appmarkedet://escrow/checkout?order=42&status=success",
  );
});

test("Android: a cancelled checkout returns with the reason, in the app and in the fallback", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const api = tenantApi(request, tenant);
  const s = `app-cancel-${testInfo.project.name}`;
  const { redirectUrl } = await sandboxTrade(api, baseURL!, s, {
    appSwitch: { appSwitchCallbackUri: "appmarkedet://escrow/checkout", operatingSystem: 1 },
  });
  await page.goto(redirectUrl);
  const target = await formRedirect(page, () => page.getByRole("button", { name: /Cancel and return/ }).click());
  expect(target).toBe(
    `intent://escrow/checkout?status=cancelled&reason=cancelled#Intent;scheme=appmarkedet;S.browser_fallback_url=${encodeURIComponent(`${baseURL}/?cancelled=${s}&reason=cancelled`)};end`,
  );
});
