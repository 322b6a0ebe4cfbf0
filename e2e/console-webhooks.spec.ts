// The console's webhooks section as staff use it: an admin adds an endpoint on a real local
// receiver, sends it a test event and finds it in the delivery log with its attempt, disables and
// enables it, rotates its secret, filters the log by status, event and trade, opens a delivery and
// redelivers it. A viewer sees the same pages without any change control, and calling the server
// directly is refused (403) with nothing changed.
import { expect, test, type Page } from "@playwright/test";
import { sandboxTrade, tenantApi } from "./support/api.ts";
import { consoleOrigin, consoleSignIn } from "./support/console.ts";
import { payIntoEscrow } from "./support/journeys.ts";
import { checkPage, watchPage } from "./support/pages.ts";
import { addE2eStaff, createE2eTenant, type E2eTenant } from "./support/tenant.ts";
import { startWebhookReceiver } from "./support/webhook-receiver.ts";

let tenant: E2eTenant;
test.beforeAll(() => {
  tenant = createE2eTenant("Webhookmarkedet");
});

const rows = (page: Page) => page.getByRole("table").getByRole("row");

test("an admin adds an endpoint, tests it, turns it off and on, rotates its secret, and works the delivery log", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const api = tenantApi(request, tenant);
  const receiver = await startWebhookReceiver();
  try {
    const problems = watchPage(page);
    await consoleSignIn(page, tenant.consoleEmail, tenant.consolePassword);
    await page.goto("/console/webhooks");
    await expect(page.getByText("No test endpoints yet")).toBeVisible();
    await page.getByRole("link", { name: "Add endpoint" }).click();
    await expect(page.getByRole("heading", { name: "Add a test endpoint" })).toBeVisible();

    // The API's rules apply: plain http outside localhost is refused, and nothing is made.
    await page.getByLabel("Endpoint URL").fill("http://example.com/hooks");
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toContainText("Must use https");
    expect((await api.get("/webhooks/subscriptions")).json.subscriptions).toEqual([]);

    await page.getByLabel("Endpoint URL").fill(receiver.url);
    await page.getByLabel("Description").fill("Order service");
    await page.getByLabel("Selected events").check();
    for (const name of ["trade.created", "trade.cancelled", "user.connected"])
      await page.getByLabel(name, { exact: true }).check();
    await checkPage(page, testInfo, "console-webhook-form", problems);
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const panel = page.getByRole("region", { name: "Endpoint added: here is its signing secret" });
    await expect(panel).toBeVisible();
    const secret = await panel.getByLabel("Signing secret").inputValue();
    expect(secret).toMatch(/^whsec_/);
    await checkPage(page, testInfo, "console-webhook-secret", problems);
    await panel.getByRole("link", { name: "Go to the endpoint" }).click();
    await expect(page.getByRole("heading", { name: receiver.url })).toBeVisible();

    // A test event: a real signed delivery through the worker.
    await page.getByRole("button", { name: "Send test event" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Test event queued" })).toBeVisible();
    const test1 = await receiver.waitUntil((d) => d.body.eventName === "webhook.test");
    expect(receiver.verify(test1, secret)).toBe(true);
    await page.getByRole("link", { name: "See it in the delivery log" }).click();
    await expect(page).toHaveURL(/event=webhook\.test/);
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).nth(1)).toContainText("Succeeded");
    await expect(rows(page).nth(1)).toContainText("204");

    // Some trade and user events too.
    const { tradeId, buyer } = await sandboxTrade(api, baseURL!, "webhooks-log");
    await payIntoEscrow(api, buyer, tradeId);
    await receiver.waitUntil((d) => d.body.eventName === "trade.created" && d.body.tradeId === tradeId);

    // Disable, then enable again.
    await page.goto("/console/webhooks");
    await page.getByRole("link", { name: receiver.url }).click();
    await page.getByRole("button", { name: "Disable" }).click();
    await expect(page.getByText("Disabled: Disabled by the tenant.")).toBeVisible();
    expect((await api.get("/webhooks/subscriptions")).json.subscriptions[0]).toMatchObject({
      enabled: false,
      disabledReason: "Disabled by the tenant",
    });
    await expect(page.getByRole("button", { name: "Send test event" })).toBeDisabled();
    await page.getByRole("button", { name: "Enable" }).click();
    await expect(page.getByRole("button", { name: "Disable" })).toBeVisible();
    expect((await api.get("/webhooks/subscriptions")).json.subscriptions[0]).toMatchObject({
      enabled: true,
      disabledReason: null,
    });

    // Rotate: the new secret once; the old one keeps signing for 24 hours.
    await page.getByRole("button", { name: "Rotate secret" }).click();
    await page
      .getByRole("dialog", { name: "Rotate the signing secret?" })
      .getByRole("button", { name: "Rotate secret" })
      .click();
    const rotated = page.getByRole("region", { name: "New signing secret" });
    await expect(rotated).toContainText("The previous secret keeps signing too until");
    const newSecret = await rotated.getByLabel("Signing secret").inputValue();
    expect(newSecret).not.toBe(secret);
    await page.getByRole("button", { name: "Send test event" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Test event queued" })).toBeVisible();
    await expect
      .poll(() => receiver.deliveries.filter((d) => d.body.eventName === "webhook.test").length, { timeout: 20_000 })
      .toBe(2);
    const test2 = receiver.deliveries.filter((d) => d.body.eventName === "webhook.test")[1]!;
    expect(receiver.verify(test2, newSecret)).toBe(true);
    expect(receiver.verify(test2, secret)).toBe(true);
    await page.reload();
    await expect(page.getByText("Rotated; the previous secret also signs until")).toBeVisible();
    await expect(page.getByRole("region", { name: "Recent deliveries" }).getByRole("row")).toHaveCount(6); // header, 2 tests, 2 user.connected, trade.created
    await checkPage(page, testInfo, "console-webhook-endpoint", problems);
    await page.goto("/console/webhooks");
    await expect(rows(page).nth(1)).toContainText("Order service");
    await expect(rows(page).nth(1)).toContainText("5 succeeded · 0 failed");
    await checkPage(page, testInfo, "console-webhooks", problems);

    // The log, filtered by status, event and trade; the filters live in the address.
    await page.getByRole("link", { name: "Delivery log" }).click();
    await expect(rows(page)).toHaveCount(6);
    await page.getByLabel("Status", { exact: true }).selectOption("succeeded");
    await expect(page).toHaveURL(/status=succeeded/);
    await expect(rows(page)).toHaveCount(6);
    await page.getByLabel("Status", { exact: true }).selectOption("failed");
    await expect(page.getByText("No deliveries match these filters")).toBeVisible();
    await page.getByLabel("Status", { exact: true }).selectOption("");
    // Straight on to the next filter: it builds on the cleared status even before that has rendered.
    await page.getByLabel("Event", { exact: true }).selectOption("user.connected");
    await expect(page).toHaveURL(/event=user\.connected/);
    await expect(page).not.toHaveURL(/status=/);
    await expect(rows(page)).toHaveCount(3);
    await page.getByLabel("Event", { exact: true }).selectOption("");
    await page.getByLabel("Trade id").fill(tradeId);
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`trade=${tradeId}`));
    await expect(rows(page)).toHaveCount(2);
    await checkPage(page, testInfo, "console-webhook-deliveries", problems);

    // One delivery: the signed request and its attempt; redeliver it.
    await rows(page).nth(1).getByRole("link", { name: "trade.created" }).click();
    await expect(page.getByRole("heading", { name: "trade.created" })).toBeVisible();
    const requestSection = page.getByRole("region", { name: "Request", exact: true });
    await expect(requestSection).toContainText("webhook-signature");
    await expect(requestSection).toContainText(receiver.url);
    await expect(requestSection.getByLabel("Request body")).toContainText(`"tradeId": "${tradeId}"`);
    const attempts = page.getByRole("region", { name: "Attempts" });
    await expect(attempts.getByRole("listitem", { name: "Attempt 1" })).toContainText("204");
    await checkPage(page, testInfo, "console-webhook-delivery", problems);
    await page.getByRole("button", { name: "Redeliver" }).click();
    await expect(page.getByText("Queued again")).toBeVisible();
    await expect
      .poll(
        () =>
          receiver.deliveries.filter((d) => d.body.eventName === "trade.created" && d.body.tradeId === tradeId).length,
        { timeout: 20_000 },
      )
      .toBe(2);
    await expect
      .poll(async () => (await page.reload(), await attempts.getByRole("listitem", { name: "Attempt 2" }).count()), {
        timeout: 10_000,
      })
      .toBe(1);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`trade=${tradeId}`));
  } finally {
    await receiver.close();
  }
});

test("a viewer sees the endpoints and the log without controls; direct changes answer 403 and change nothing", async ({
  browser,
  request,
  baseURL,
}) => {
  const api = tenantApi(request, tenant);
  const receiver = await startWebhookReceiver();
  try {
    const made = await api.post("/webhooks/subscriptions", { url: receiver.url, description: "Read-only check" });
    expect(made.status).toBe(200);
    const id = made.json.id as string;
    await api.connect("viewer-check-user");
    await receiver.waitUntil(
      (d) => d.body.eventName === "user.connected" && d.body.marketplaceUserId === "viewer-check-user",
    );

    const viewer = addE2eStaff(tenant.tenantId, "viewer");
    const context = await browser.newContext({ baseURL });
    const viewerPage = await context.newPage();
    await consoleSignIn(viewerPage, viewer.email, viewer.password);
    await viewerPage.goto("/console/webhooks");
    await expect(viewerPage.getByRole("link", { name: receiver.url })).toBeVisible();
    await expect(viewerPage.getByRole("link", { name: "Add endpoint" })).toHaveCount(0);
    await viewerPage.goto("/console/webhooks/new");
    await expect(viewerPage).toHaveURL(/\/console\/webhooks\?mode=test$/);
    await viewerPage.goto(`/console/webhooks/${id}`);
    await expect(viewerPage.getByRole("heading", { name: receiver.url })).toBeVisible();
    for (const name of ["Send test event", "Disable", "Rotate secret", "Delete", "Save changes"])
      await expect(viewerPage.getByRole("button", { name })).toHaveCount(0);
    await viewerPage
      .getByRole("region", { name: "Recent deliveries" })
      .getByRole("link", { name: "user.connected" })
      .first()
      .click();
    await expect(viewerPage.getByRole("region", { name: "Attempts" })).toContainText("204");
    await expect(viewerPage.getByRole("button", { name: "Redeliver" })).toHaveCount(0);

    const before = (await api.get(`/webhooks/subscriptions/${id}`)).json;
    const eventCount = (await api.get("/webhooks/events?pageSize=100")).json.pagination.totalCount;
    const origin = consoleOrigin(baseURL!);
    const base = `/console/api/webhooks/subscriptions/${id}`;
    const calls: [string, unknown][] = [
      ["/console/api/webhooks/subscriptions", { mode: "test", url: "http://localhost:9/sneaky" }],
      [base, { enabled: false }],
      [base, { url: "http://localhost:9/elsewhere" }],
      [`${base}/rotate-secret`, undefined],
      [`${base}/test`, undefined],
      [`${base}/delete`, undefined],
    ];
    for (const [path, data] of calls)
      expect((await viewerPage.request.post(path, { data, headers: origin })).status(), path).toBe(403);
    const listed = await (
      await viewerPage.request.get(`/console/api/webhooks/deliveries?event=user.connected&subscription=${id}`)
    ).json();
    const eventId = listed.deliveries[0].eventId as string;
    expect(
      (await viewerPage.request.post(`/console/api/webhook-events/${eventId}/redeliver`, { headers: origin })).status(),
    ).toBe(403);
    expect((await api.get(`/webhooks/subscriptions/${id}`)).json).toEqual(before);
    expect(
      (await api.get("/webhooks/subscriptions")).json.subscriptions.map((s: { url: string }) => s.url),
    ).not.toContain("http://localhost:9/sneaky");
    expect((await api.get("/webhooks/events?pageSize=100")).json.pagination.totalCount).toBe(eventCount);
    await context.close();
  } finally {
    await receiver.close();
  }
});
