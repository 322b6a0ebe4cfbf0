// Staff decide a dispute in the console with a split: they type the buyer's refund, see who gets
// what (buyer, seller, the tenant's fees, the service's) before confirming, and the trade settles
// with exactly those figures (closing the seller's open offer). A viewer is offered no such change.
import { expect, test } from "@playwright/test";
import { sandboxTrade, tenantApi } from "./support/api.ts";
import { consoleSignIn } from "./support/console.ts";
import { deliver } from "./support/journeys.ts";
import { checkPage, watchPage } from "./support/pages.ts";
import { addE2eStaff, createE2eTenant, type E2eTenant } from "./support/tenant.ts";

let tenant: E2eTenant;
test.beforeAll(() => {
  tenant = createE2eTenant("Splitmarkedet");
});

test("an admin splits a disputed trade after a preview of who gets what", async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  const api = tenantApi(request, tenant);
  const { tradeId, buyer, seller } = await sandboxTrade(api, baseURL!, "console-split");
  await deliver(api, buyer, seller, tradeId);
  await api.post(`/marketplace/users/${buyer}/trades/${tradeId}/condition/reject`, "The saddle is torn");
  await api.post(`/marketplace/users/${seller}/trades/${tradeId}/condition/reject`, "It was whole when sent"); // the seller disputes
  expect((await api.trade(buyer, tradeId)).state).toBe("Disputed");
  expect((await api.post(`/marketplace/users/${seller}/trades/${tradeId}/offers`, { refundAmount: 300 })).status).toBe(
    200,
  ); // the seller's offer is open meanwhile

  // A viewer sees the trade but is offered no decision.
  const viewer = addE2eStaff(tenant.tenantId, "viewer");
  const viewerPage = await (await browser.newContext({ baseURL })).newPage();
  await consoleSignIn(viewerPage, viewer.email, viewer.password);
  await viewerPage.goto(`/console/trades/${tradeId}`);
  await expect(viewerPage.getByRole("heading", { name: "Vintage road bike" })).toBeVisible();
  await expect(viewerPage.getByRole("button", { name: "Split…" })).toHaveCount(0);

  const problems = watchPage(page);
  await consoleSignIn(page, tenant.consoleEmail, tenant.consolePassword);
  await page.goto(`/console/trades/${tradeId}`);
  await expect(page.getByRole("region", { name: "Money" })).toContainText(
    "DKK 300.00 back to the buyer; the seller would receive DKK 1,125.00",
  );
  await page.getByRole("button", { name: "Split…" }).click();
  const dialog = page.getByRole("dialog", { name: "Split “Vintage road bike”" });
  const amount = dialog.getByLabel(/Refund to the buyer/);
  const confirm = dialog.getByRole("button", { name: "Settle with this split" });
  await amount.fill("2000");
  await expect(dialog.getByText("At most DKK 1,542.50: the buyer’s money for the item.")).toBeVisible();
  await expect(confirm).toBeDisabled();

  await amount.fill("500");
  await dialog.getByLabel(/Reason/).fill("Torn saddle confirmed from the photos; 500 towards a new one");
  const preview = dialog.getByRole("table", { name: "Who gets what" });
  await expect(preview.getByRole("row", { name: /Buyer refund/ })).toContainText("DKK 500.00");
  await expect(preview.getByRole("row", { name: /Seller payout/ })).toContainText("DKK 925.00");
  await expect(preview.getByRole("row", { name: /Your fees/ })).toContainText("DKK 117.50");
  await expect(preview.getByRole("row", { name: /Service fees/ })).toContainText("DKK 0.00");
  await checkPage(page, testInfo, "console-split-preview", problems);
  await confirm.click();

  await expect(page.getByText("Succeeded", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Money" })).toContainText(
    "DKK 500.00 back to the buyer; the seller receives DKK 925.00",
  );
  expect(await api.trade(buyer, tradeId)).toMatchObject({
    state: expect.stringMatching(/^(Succeeded|Released)$/),
    offer: null,
    settlement: { refundAmount: 500, payeeAmount: 925 },
  });
  expect(await api.escrowPayment(buyer, tradeId)).toMatchObject({ state: "PartiallyRefunded", refundedAmount: 500 });
  // The scheduler may already have paid the seller out (payout.paid follows); the trade's own events end here.
  const tradeEvents = (await api.events({ tradeId }))
    .map((e) => e.eventName)
    .filter((name) => name.startsWith("trade."));
  expect(tradeEvents.slice(-2)).toEqual(["trade.settled", "trade.succeeded"]);
  await checkPage(page, testInfo, "console-split-done", problems);
});
