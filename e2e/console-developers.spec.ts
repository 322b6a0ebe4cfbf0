// The console's Developers section as staff use it: an admin creates a test key, shows it again
// (recorded on the key), calls the API with it, finds the calls in the request log, and revokes it
// (the next call is a 401). A live key has no Show key. A viewer sees keys and log but no controls,
// and the server refuses their changes, showing a key again included; they also see which provider
// serves each outside party per mode, and why live mode is closed (this server's are simulated).
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { consoleOrigin, consoleSignIn } from "./support/console.ts";
import { checkPage, watchPage } from "./support/pages.ts";
import { addE2eStaff, createE2eTenant } from "./support/tenant.ts";

test("an admin creates a test key, uses it, finds the calls in the request log, and revokes it", async ({
  page,
  request,
}, testInfo) => {
  const tenant = createE2eTenant("Udviklermarkedet");
  const problems = watchPage(page);
  await consoleSignIn(page, tenant.consoleEmail, tenant.consolePassword);
  await page.goto("/console/developers");
  await expect(page).toHaveURL(/\/console\/developers\/api-keys$/);
  await expect(page.getByRole("row")).toHaveCount(3); // the header and the two default keys
  await expect(page.getByRole("region", { name: "Quick start" })).toContainText(
    "/api/v1/sandbox/users/seller-1/connect",
  );
  await checkPage(page, testInfo, "console-api-keys", problems);

  await page.getByRole("button", { name: "Create API key" }).click();
  const form = page.getByRole("dialog", { name: "Create an API key" });
  await form.getByLabel("Name").fill("Checkout backend");
  await form.getByRole("radio", { name: /^Test/ }).check();
  await form.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByRole("dialog", { name: "Your new API key" });
  await expect(shown).toContainText("An admin can show a test key again on this page.");
  const key = await shown.getByLabel("API key").inputValue();
  expect(key).toMatch(/^esk_test_[A-Za-z0-9_-]{43}$/);
  await checkPage(page, testInfo, "console-api-key-created", problems);
  await shown.getByRole("button", { name: "I’ve copied it" }).click();
  const row = page.getByRole("row", { name: /Checkout backend/ });
  await expect(row).toContainText(`${key.slice(0, 13)}…`);
  await expect(row).toContainText("Active");
  await page.reload();
  expect(await page.content()).not.toContain(key);

  // Shown again: the same key, and the list says who looked. Live keys have no such button.
  await row.getByRole("button", { name: "Show key" }).click();
  const again = page.getByRole("dialog", { name: "Test key “Checkout backend”" });
  await expect(again.getByLabel("API key")).toHaveValue(key);
  await checkPage(page, testInfo, "console-api-key-shown-again", problems);
  await again.getByRole("button", { name: "Done" }).click();
  await expect(again).toBeHidden();
  await expect(row).toContainText(`Shown again`);
  await expect(row).toContainText(`by ${tenant.consoleEmail}`);
  await expect(
    page.getByRole("row", { name: /Default live token/ }).getByRole("button", { name: "Show key" }),
  ).toHaveCount(0);
  await page.reload();
  expect(await page.content()).not.toContain(key);

  // The key works at once against the real API.
  const auth = { Authorization: `Bearer ${key}` };
  const correlation = `e2e-developers-${randomUUID()}`;
  const connected = await request.post("/api/v1/sandbox/users/seller-dev/connect", {
    headers: { ...auth, "X-Correlation-Id": correlation },
    data: { kycLevel: 1 },
  });
  expect(connected.status()).toBe(200);
  const missing = await request.get(`/api/v1/marketplace/users/seller-dev/trades/${randomUUID()}`, { headers: auth });
  expect(missing.status()).toBe(404);
  expect(
    (await request.post("/api/v1/marketplace/trades/initiate", { headers: auth, data: { title: "" } })).status(),
  ).toBe(400);
  expect((await request.get("/api/v1/marketplace/users/seller-dev", { headers: auth })).status()).toBe(200);

  // Both calls are in the log; filters narrow it and stay in the address.
  await page.goto("/console/developers/logs");
  await expect(page.getByRole("row")).toHaveCount(5);
  await checkPage(page, testInfo, "console-request-log", problems);
  await page.getByLabel("Path contains").fill("/connect");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/path=%2Fconnect/);
  await expect(page.getByRole("row")).toHaveCount(2);
  await page.getByLabel("Path contains").fill("");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).not.toHaveURL(/path=/);
  await expect(page.getByRole("row")).toHaveCount(5);
  await page.getByLabel("Status").selectOption("4xx");
  await expect(page).toHaveURL(/status=4xx/);
  await expect(page.getByRole("row")).toHaveCount(3);
  await expect(page.getByRole("row").nth(1)).toContainText("validation-error");
  await expect(page.getByRole("row").nth(2)).toContainText("not-found");
  await page.getByLabel("Method").selectOption("GET");
  await expect(page.getByRole("row")).toHaveCount(2);
  // Two changes in quick succession both reach the address: the second builds on the first, not on
  // the address the page last rendered.
  await page.getByLabel("Method").selectOption("");
  await page.getByLabel("Status").selectOption("2xx");
  await expect(page).toHaveURL(/status=2xx/);
  await expect(page).not.toHaveURL(/method=/);
  await expect(page.getByRole("row")).toHaveCount(3);
  const connectRow = page.getByRole("row", { name: /sandbox\/users\/seller-dev\/connect/ });
  await expect(connectRow).toContainText("Checkout backend");
  await connectRow.getByRole("button").click();
  const detail = page.getByRole("dialog", { name: "API call" });
  await expect(detail).toContainText(correlation);
  await expect(detail).toContainText("Checkout backend");
  await expect(detail).toContainText(`${key.slice(0, 13)}…`);
  await expect(page).toHaveURL(/entry=\d+/);
  await checkPage(page, testInfo, "console-request-log-detail", problems);
  await detail.getByRole("button", { name: "Close" }).click();
  await expect(detail).toHaveCount(0);

  // Found again by its correlation id alone.
  await page.goto(`/console/developers/logs?correlationId=${correlation}`);
  await expect(page.getByRole("row")).toHaveCount(2);

  // Revoked after confirming: the very next call is refused.
  await page.goto("/console/developers/api-keys");
  await page
    .getByRole("row", { name: /Checkout backend/ })
    .getByRole("button", { name: "Revoke" })
    .click();
  const confirm = page.getByRole("dialog", { name: "Revoke “Checkout backend”?" });
  await expect(confirm).toContainText("refused (401)");
  await confirm.getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByRole("row", { name: /Checkout backend/ })).toContainText("Revoked");
  const refused = await request.post("/api/v1/sandbox/users/seller-dev/connect", {
    headers: auth,
    data: { kycLevel: 1 },
  });
  expect(refused.status()).toBe(401);
  expect(
    (
      await request.post("/api/v1/sandbox/users/seller-dev/connect", {
        headers: { Authorization: `Bearer ${tenant.testApiKey}` },
        data: { kycLevel: 1 },
      })
    ).status(),
  ).toBe(200);
});

test("a viewer sees keys and log but no controls; direct changes answer 403 and change nothing", async ({
  page,
  request,
  baseURL,
}) => {
  const tenant = createE2eTenant("Udviklerkig");
  expect((await request.get("/console/api/developers/api-keys")).status()).toBe(401);
  expect((await request.get("/console/api/developers/request-log")).status()).toBe(401);
  const viewer = addE2eStaff(tenant.tenantId, "viewer");
  await consoleSignIn(page, viewer.email, viewer.password);
  await page.goto("/console/developers/api-keys");
  await expect(page.getByRole("row")).toHaveCount(3);
  await expect(page.getByText("You can see the keys; only admins can create or revoke them.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create API key" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Revoke" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Show key" })).toHaveCount(0);

  // Which provider serves each party in each mode, and why live mode is closed: this server's are
  // simulated. The notice on every page links here.
  await page.getByRole("note", { name: "Live mode closed" }).getByRole("link", { name: "Details" }).click();
  const providers = page.getByRole("region", { name: "Providers and live mode" });
  await expect(providers).toBeVisible();
  await expect(providers).toContainText("Live mode is closed on this deployment");
  await expect(providers).toContainText(
    "The payment rail is simulated (PAYMENT_RAIL); live mode needs PAYMENT_RAIL_LIVE=stripe.",
  );
  await expect(providers).toContainText("live mode needs IDENTITY_PROVIDER_LIVE=oidc");
  await expect(providers.getByRole("term")).toHaveText([
    "Payment rail",
    "National eID",
    "Carriers",
    "Payment rail",
    "National eID",
    "Carriers",
  ]);
  await expect(providers.getByRole("definition").first()).toContainText("Simulated (sandbox)");

  const before = await (await page.request.get("/console/api/developers/api-keys")).json();
  const origin = consoleOrigin(baseURL!);
  expect(
    (
      await page.request.post("/console/api/developers/api-keys", {
        data: { name: "Sneaky", mode: "live" },
        headers: origin,
      })
    ).status(),
  ).toBe(403);
  for (const token of before.tokens as { tokenId: string }[]) {
    for (const action of ["revoke", "reveal"]) {
      const refused = await page.request.post(`/console/api/developers/api-keys/${token.tokenId}/${action}`, {
        headers: origin,
      });
      expect(refused.status()).toBe(403);
      expect(await refused.text()).not.toContain(tenant.testApiKey);
    }
  }
  expect(await (await page.request.get("/console/api/developers/api-keys")).json()).toEqual(before);
  expect(
    (
      await request.post("/api/v1/sandbox/users/seller-view/connect", {
        headers: { Authorization: `Bearer ${tenant.testApiKey}` },
        data: { kycLevel: 1 },
      })
    ).status(),
  ).toBe(200);

  await page.goto("/console/developers/logs");
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("row").nth(1)).toContainText("/api/v1/sandbox/users/seller-view/connect");
});
