// What keeps the hosted pages safe, tried as an attacker or an unlucky user would: a link works in
// one browser only and expires; forms from another site change nothing; scripts run only with the
// page's nonce; the API refuses addresses that would run code.
import { expect, test } from "@playwright/test";
import { sandboxTrade, tenantApi } from "./support/api.ts";
import { checkPage, watchPage } from "./support/pages.ts";
import { createE2eTenant, type E2eTenant } from "./support/tenant.ts";

let tenant: E2eTenant;
test.beforeAll(() => {
  tenant = createE2eTenant("Sikkerhandel");
});

test("a link opened in one browser cannot be used in another", async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  const api = tenantApi(request, tenant);
  const { tradeId, redirectUrl, buyer } = await sandboxTrade(api, baseURL!, `bound-${testInfo.project.name}`);
  await page.goto(redirectUrl);
  await page.reload(); // the browser now sends its cookie back: the link is claimed
  await expect(page.getByRole("button", { name: /^Pay/ })).toBeVisible();

  const other = await browser.newContext({ baseURL, viewport: page.viewportSize()! });
  const stranger = await other.newPage();
  const problems = watchPage(stranger);
  await stranger.goto(redirectUrl);
  await expect(stranger.getByRole("heading", { name: "This link is open in another browser" })).toBeVisible();
  await expect(stranger.getByRole("button", { name: /^Pay/ })).toHaveCount(0);
  await checkPage(stranger, testInfo, "link-other-browser", problems);
  await other.close();
  expect((await api.trade(buyer, tradeId)).state).toBe("Created");
});

test("an expired link and an unknown link say so clearly", async ({ page, request, baseURL }, testInfo) => {
  const expiring = createE2eTenant("Tidsmarkedet");
  const api = tenantApi(request, expiring);
  const s = `expired-${testInfo.project.name}`;
  const { redirectUrl } = await sandboxTrade(api, baseURL!, s);
  await api.advanceClock(2 * 60 * 60); // links live for an hour
  const problems = watchPage(page);
  await page.goto(redirectUrl);
  await expect(page.getByRole("heading", { name: "This link has expired" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Tidsmarkedet" })).toHaveAttribute(
    "href",
    `${baseURL}/?cancelled=${s}&reason=expired`,
  );
  await checkPage(page, testInfo, "link-expired", problems);

  await page.goto("/checkout/not-a-real-link");
  await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
  await checkPage(page, testInfo, "link-unknown", problems);
});

test("a form posted from another site is refused and pays nothing", async ({ page, request, baseURL }, testInfo) => {
  const api = tenantApi(request, tenant);
  const { tradeId, redirectUrl, buyer } = await sandboxTrade(api, baseURL!, `csrf-${testInfo.project.name}`);
  await page.goto(redirectUrl);
  await page.reload();
  const csrf = await page.locator("form[action$='/pay'] input[name=csrf]").inputValue();
  // An attacker's page that knows the link and even the form's token posts to it.
  await page.route("https://attacker.test/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body:
        `<form id="f" method="post" action="${redirectUrl}/pay"><input name="csrf" ` +
        `value="${csrf}"></form><button ` +
        `onclick="f.submit()">Win a prize</button>`,
    }),
  );
  await page.goto("https://attacker.test/prize");
  const response = page.waitForResponse((r) => r.url() === `${redirectUrl}/pay`);
  await page.getByRole("button", { name: "Win a prize" }).click();
  expect((await response).status()).toBe(403);
  // The escrow payment exists from initiation (Pending); the refused form paid nothing into it.
  expect(await api.escrowPayment(buyer, tradeId)).toMatchObject({ state: "Pending" });
  expect((await api.trade(buyer, tradeId)).state).toBe("Created");
});

test("pages carry a nonce-based CSP and security headers, and every inline script or style has the nonce", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const api = tenantApi(request, tenant);
  const { redirectUrl } = await sandboxTrade(api, baseURL!, `csp-${testInfo.project.name}`);
  const response = await page.goto(redirectUrl);
  const headers = await response!.allHeaders();
  const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1];
  expect(nonce).toBeTruthy();
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["content-security-policy"]).not.toContain("unsafe-inline");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("same-origin");
  expect(headers["set-cookie"]).toMatch(/escrow_browser=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax/);
  // The hosted pages send no script at all (e2e/hosted-script-budget.spec.ts); what they have inline
  // (the brand colour's style) carries the nonce. /docs has inline scripts of its own: each has it.
  expect(await page.locator("script").count()).toBe(0);
  const nonces = (selector: string) =>
    page.locator(selector).evaluateAll((elements) => elements.map((e) => (e as HTMLElement).nonce));
  for (const styleNonce of await nonces("style")) expect(styleNonce).toBe(nonce);
  expect(await page.locator("[onclick], [onload], [onerror], [onsubmit]").count()).toBe(0);
  // A second load gets a fresh nonce.
  const again = (await page.reload())!.headers()["content-security-policy"];
  expect(again).not.toContain(`'nonce-${nonce}'`);
  const docs = await page.goto("/docs");
  const docsNonce = /'nonce-([^']+)'/.exec(docs!.headers()["content-security-policy"] ?? "")?.[1];
  const docsScripts = await nonces("script");
  expect(docsScripts.length).toBeGreaterThan(0);
  for (const scriptNonce of docsScripts) expect(scriptNonce).toBe(docsNonce);
});

test("the API refuses redirect and app addresses that would run code or leave for anywhere", async ({
  request,
  baseURL,
}) => {
  const api = tenantApi(request, tenant);
  for (const [field, value] of [
    ["successUrl", "javascript:alert(1)"],
    ["successUrl", "data:text/html,<script>alert(1)</script>"],
    ["cancelUrl", "//evil.example/phish"],
  ] as const) {
    const answer = await api.post("/marketplace/users/connect", {
      marketplaceUserId: "x",
      successUrl: `${baseURL}/ok`,
      cancelUrl: `${baseURL}/no`,
      [field]: value,
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ typeCode: "validation-error", errors: [{ key: field }] });
  }
  const app = await api.post("/marketplace/users/connect", {
    marketplaceUserId: "x",
    successUrl: `${baseURL}/ok`,
    cancelUrl: `${baseURL}/no`,
    appSwitch: { appSwitchCallbackUri: "javascript:alert(1)", operatingSystem: "iOS" },
  });
  expect(app.json).toMatchObject({ typeCode: "validation-error", errors: [{ key: "appSwitch.appSwitchCallbackUri" }] });
});
