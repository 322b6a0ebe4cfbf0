// The tenant console as staff use it: sign in, find a trade, open it, see what happened to it and
// whether the marketplace was told. Viewers can look; nobody else can.
import { expect, test, type Page } from "@playwright/test";
import { sandboxTrade, tenantApi } from "./support/api.ts";
import { deliver, payIntoEscrow } from "./support/journeys.ts";
import { checkPage, watchPage } from "./support/pages.ts";
import { addE2eStaff, createE2eTenant, type E2eTenant } from "./support/tenant.ts";
import { startWebhookReceiver } from "./support/webhook-receiver.ts";

let tenant: E2eTenant;
test.beforeAll(() => {
  tenant = createE2eTenant("Konsolmarkedet");
});

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/console");
  await expect(page).toHaveURL(/\/console\/sign-in/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/console\/overview/);
}

test("an admin finds a trade by its reference id, opens it, and sees its timeline and webhook attempts", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const api = tenantApi(request, tenant);
  const receiver = await startWebhookReceiver();
  await api.post("/webhooks/subscriptions", { url: receiver.url, events: ["trade.created"] });
  try {
    const { tradeId, buyer } = await sandboxTrade(api, baseURL!, "console-find", { referenceId: "order-4711" });
    await sandboxTrade(api, baseURL!, "console-other", { referenceId: "order-4712" });
    await payIntoEscrow(api, buyer, tradeId);
    await receiver.waitUntil((d) => d.body.tradeId === tradeId);

    const problems = watchPage(page);
    await page.goto("/console/trades");
    await expect(page).toHaveURL(/\/console\/sign-in/);
    await checkPage(page, testInfo, "console-sign-in", problems);
    await signIn(page, tenant.consoleEmail, tenant.consolePassword);
    // Staff land on the overview: the paid trade's money is in escrow, two trades were made today.
    await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
    await expect(page.getByText("Held in escrow now").locator("..")).toContainText("DKK 1,601.50");
    await expect(page.getByText("2 trades created")).toBeVisible();
    await expect(page.getByRole("img", { name: /Trades created per day: 2 in 30 days/ })).toBeVisible();
    await expect(page.getByRole("region", { name: "Trades by state now" })).toContainText("Awaiting shipment");
    await expect(page.getByRole("region", { name: "Webhook endpoints" })).toContainText("Healthy");
    await checkPage(page, testInfo, "console-overview", problems);

    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Trades" }).click();
    await expect(page.getByRole("row")).toHaveCount(3); // the header and two trades
    await checkPage(page, testInfo, "console-trades", problems);

    await page.getByLabel("Search").fill("order-4711");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=order-4711/);
    await expect(page.getByRole("row")).toHaveCount(2);
    await page.getByRole("link", { name: "Vintage road bike" }).click();

    await expect(page.getByRole("heading", { name: "Vintage road bike" })).toBeVisible();
    await expect(page.getByText(tradeId).first()).toBeVisible();
    const timelines = page.getByRole("region", { name: "Timelines as the users see them" });
    await expect(timelines.getByText("Paid into escrow").first()).toBeVisible();
    const webhooks = page.getByRole("region", { name: "Webhook events" });
    await expect(webhooks).toContainText("trade.created");
    await expect(webhooks).toContainText(`Succeeded to ${receiver.url}`);
    await expect(webhooks).toContainText("Attempt 1: 204");
    await expect(page.getByRole("region", { name: "Ledger" })).toContainText("escrow");
    await checkPage(page, testInfo, "console-trade", problems);

    // The search is in the address: back returns to the filtered list.
    await page.goBack();
    await expect(page.getByRole("row")).toHaveCount(2);
  } finally {
    await receiver.close();
  }
});

test("a wrong password is refused, a viewer can look, and signing out ends the session", async ({ page }) => {
  await page.goto("/console/sign-in");
  await page.getByLabel("Email").fill(tenant.consoleEmail);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "That email and password do not match a console user.",
  );

  const viewer = addE2eStaff(tenant.tenantId, "viewer");
  await signIn(page, viewer.email, viewer.password);
  await expect(page.getByText("Viewer (read only)")).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/console\/sign-in/);
  await page.goto("/console/trades");
  await expect(page).toHaveURL(/\/console\/sign-in/);
});

test("without a session the console's data answers 401; another tenant's trade is not found", async ({
  page,
  request,
  baseURL,
}) => {
  expect((await request.get("/console/api/trades")).status()).toBe(401);
  const other = createE2eTenant("Andetmarked");
  const { tradeId } = await sandboxTrade(tenantApi(request, other), baseURL!, "console-foreign");
  await signIn(page, tenant.consoleEmail, tenant.consolePassword);
  const response = await page.goto(`/console/trades/${tradeId}`);
  expect(response!.status()).toBe(404);
  const listed = await page.request.get(`/console/api/trades?q=${tradeId}`);
  expect((await listed.json()).trades).toEqual([]);
});

test("an admin cancels a paid trade after confirming, and the buyer is refunded", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const api = tenantApi(request, tenant);
  const { tradeId, buyer } = await sandboxTrade(api, baseURL!, "console-cancel");
  await payIntoEscrow(api, buyer, tradeId);
  await signIn(page, tenant.consoleEmail, tenant.consolePassword);
  await page.goto(`/console/trades/${tradeId}`);
  await page.getByRole("button", { name: "Cancel trade" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel “Vintage road bike”?" });
  await expect(dialog).toContainText("The buyer gets DKK 1,601.50 back from escrow.");
  await checkPage(page, testInfo, "console-cancel-dialog");
  await dialog.getByRole("button", { name: "Cancel the trade" }).click();
  await expect(page.getByText("Cancelled", { exact: true }).first()).toBeVisible();
  expect((await api.trade(buyer, tradeId)).state).toBe("Cancelled");
  expect((await api.events({ tradeId })).map((e) => e.eventName)).toEqual(["trade.created", "trade.cancelled"]);
  await expect(page.getByRole("region", { name: "State history" })).toContainText("Awaiting shipment → Cancelled");
});

test("an admin decides a dispute by refunding the buyer", async ({ page, request, baseURL }) => {
  const api = tenantApi(request, tenant);
  const { tradeId, buyer, seller } = await sandboxTrade(api, baseURL!, "console-dispute");
  await deliver(api, buyer, seller, tradeId);
  await api.post(`/marketplace/users/${buyer}/trades/${tradeId}/condition/reject`, "Not as described");
  await api.post(`/marketplace/users/${seller}/trades/${tradeId}/condition/reject`, "The item was fine when sent"); // the seller disputes
  expect((await api.trade(buyer, tradeId)).state).toBe("Disputed");
  await signIn(page, tenant.consoleEmail, tenant.consolePassword);
  await page.goto(`/console/trades/${tradeId}`);
  await page.getByRole("button", { name: "Refund buyer" }).click();
  await page
    .getByRole("dialog", { name: "Refund the buyer?" })
    .getByRole("button", { name: "Refund the buyer" })
    .click();
  await expect(page.getByText("Returned", { exact: true }).first()).toBeVisible();
  expect((await api.trade(buyer, tradeId)).state).toBe("Returned");
});

test("an admin redelivers an event and sees the new attempt; a viewer is refused every change, also calling the server directly", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const api = tenantApi(request, tenant);
  const receiver = await startWebhookReceiver();
  await api.post("/webhooks/subscriptions", { url: receiver.url, events: ["trade.created"] });
  try {
    const { tradeId, buyer } = await sandboxTrade(api, baseURL!, "console-redeliver");
    await payIntoEscrow(api, buyer, tradeId);
    await receiver.waitUntil((d) => d.body.tradeId === tradeId);
    await signIn(page, tenant.consoleEmail, tenant.consolePassword);
    await page.goto(`/console/trades/${tradeId}`);
    await page.getByRole("region", { name: "Webhook events" }).getByRole("button", { name: "Redeliver" }).click();
    await expect(page.getByText("Queued again")).toBeVisible();
    await expect
      .poll(() => receiver.deliveries.filter((d) => d.body.tradeId === tradeId).length, { timeout: 20_000 })
      .toBe(2);
    await page.reload();
    await expect(page.getByRole("region", { name: "Webhook events" })).toContainText("Attempt 2: 204");

    const viewer = addE2eStaff(tenant.tenantId, "viewer");
    const viewerContext = await browser.newContext({ baseURL });
    const viewerPage = await viewerContext.newPage();
    await signIn(viewerPage, viewer.email, viewer.password);
    await viewerPage.goto(`/console/trades/${tradeId}`);
    await expect(viewerPage.getByRole("heading", { name: "Vintage road bike" })).toBeVisible();
    await expect(viewerPage.getByRole("button", { name: "Cancel trade" })).toHaveCount(0);
    await expect(viewerPage.getByRole("button", { name: "Redeliver" })).toHaveCount(0);
    const origin = { Origin: baseURL! };
    const cancel = await viewerPage.request.post(`/console/api/trades/${tradeId}/cancel`, {
      data: { state: "AwaitingShipment" },
      headers: origin,
    });
    expect(cancel.status()).toBe(403);
    const event = (await api.events({ tradeId }))[0]!;
    expect(
      (
        await viewerPage.request.post(`/console/api/webhook-events/${event.payload.id}/redeliver`, { headers: origin })
      ).status(),
    ).toBe(403);
    expect(
      (
        await viewerPage.request.post(`/console/api/trades/${tradeId}/resolve`, {
          data: { outcome: "refund", state: "Disputed" },
          headers: origin,
        })
      ).status(),
    ).toBe(403);
    // And an admin's session from another site is refused too.
    expect(
      (
        await page.request.post(`/console/api/trades/${tradeId}/cancel`, {
          data: { state: "AwaitingShipment" },
          headers: { Origin: "https://evil.example" },
        })
      ).status(),
    ).toBe(403);
    expect((await api.trade(buyer, tradeId)).state).toBe("AwaitingShipment");
    await viewerContext.close();
  } finally {
    await receiver.close();
  }
});
