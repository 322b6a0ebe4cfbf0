// After a sandbox clock advance, an event's time is the sandbox clock's while its attempts happen
// in real time: the delivery page says so instead of showing an event made days after its
// attempt finished (issue 18).
import { expect, test } from "@playwright/test";
import { tenantApi } from "./support/api.ts";
import { consoleSignIn } from "./support/console.ts";
import { createE2eTenant } from "./support/tenant.ts";
import { startWebhookReceiver } from "./support/webhook-receiver.ts";

test("a delivery made after a clock advance names the sandbox clock and how far it is ahead", async ({
  page,
  request,
}) => {
  const tenant = createE2eTenant("Uhrmarkedet");
  const api = tenantApi(request, tenant);
  const receiver = await startWebhookReceiver();
  try {
    const made = await api.post("/webhooks/subscriptions", { url: receiver.url });
    expect(made.status).toBe(200);
    await api.advanceClock(3 * 24 * 3600);
    await api.connect("clock-user");
    await receiver.waitUntil((d) => d.body.eventName === "user.connected" && d.body.marketplaceUserId === "clock-user");

    await consoleSignIn(page, tenant.consoleEmail, tenant.consolePassword);
    await page.goto(`/console/webhooks/${made.json.id}`);
    await page
      .getByRole("region", { name: "Recent deliveries" })
      .getByRole("link", { name: "user.connected" })
      .first()
      .click();
    const summary = page.getByRole("region", { name: "Summary" });
    await expect(summary).toContainText("on the sandbox clock");
    await expect(summary).toContainText("The sandbox clock was 3 days ahead of real time");
    await expect(summary).toContainText("Attempts are in real time");
  } finally {
    await receiver.close();
  }
});
