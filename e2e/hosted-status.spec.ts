// The hosted trade status page (the status link): each party sees their own status, deadline,
// amounts, parcels and timeline, and acts there; the API and the outbox then agree.
import { expect, test } from "@playwright/test";
import { sandboxTrade, tenantApi } from "./support/api.ts";
import { deliver, payIntoEscrow } from "./support/journeys.ts";
import { checkPage, payAtSandboxBank, watchPage } from "./support/pages.ts";
import { createE2eTenant, type E2eTenant } from "./support/tenant.ts";

let tenant: E2eTenant;
test.beforeAll(() => {
  tenant = createE2eTenant("Brugtbazar");
});

test("the buyer pays from the status link and comes back to it", async ({ page, request, baseURL }, testInfo) => {
  const api = tenantApi(request, tenant);
  const { tradeId, buyer } = await sandboxTrade(api, baseURL!, `st-pay-${testInfo.project.name}`);
  const problems = watchPage(page);
  await page.goto(await api.statusLink(buyer, tradeId, { returnUrl: `${baseURL}/?back` }));
  await expect(page.getByRole("heading", { name: "Pay to secure your purchase" })).toBeVisible();
  await expect(page.getByText(/The trade expires if it is not paid/)).toBeVisible();
  await expect(page.locator("dl")).toContainText("You pay");
  await checkPage(page, testInfo, "status-buyer-unpaid", problems);
  await page.getByRole("button", { name: "Pay", exact: true }).click();

  await expect(page.getByText("Payment into escrow")).toBeVisible();
  await page.getByRole("button", { name: "Pay DKK 1,601.50" }).click();
  await payAtSandboxBank(page);
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Thank you, your payment is complete.");
  await expect(page.getByRole("heading", { name: "Paid – waiting for the seller to ship" })).toBeVisible();
  expect((await api.trade(buyer, tradeId)).state).toBe("AwaitingShipment");
  await page.getByRole("link", { name: "Return to Brugtbazar" }).click();
  await expect(page).toHaveURL(`${baseURL}/?back`);
});

test("the seller buys a label on the status page, pays the rest of it, and follows the parcel", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const api = tenantApi(request, tenant);
  const { tradeId, buyer, seller } = await sandboxTrade(api, baseURL!, `st-label-${testInfo.project.name}`);
  await payIntoEscrow(api, buyer, tradeId);
  const problems = watchPage(page);
  await page.goto(await api.statusLink(seller, tradeId, { returnUrl: `${baseURL}/?back` }));
  await expect(page.getByRole("heading", { name: "Ship the item" })).toBeVisible();
  await expect(page.locator("dl")).toContainText("DKK 1,425.00"); // 1,500 - 5 %
  await expect(page.locator("[aria-current=step]")).toContainText("Shipping label created");
  await checkPage(page, testInfo, "status-seller-ship", problems);

  await page.getByRole("link", { name: "Buy shipping label" }).click();
  await expect(page.getByRole("heading", { name: "Buy a shipping label" })).toBeVisible();
  await page
    .getByRole("group", { name: "Up to 10 kg" })
    .getByLabel(/PostNord/)
    .check();
  await checkPage(page, testInfo, "status-seller-buy-label", problems);
  await page.getByRole("button", { name: "Buy the label" }).click();

  await expect(page.getByRole("heading", { name: "DKK 26.00" })).toBeVisible(); // 85 - the buyer's 59
  await page.getByRole("button", { name: "Pay DKK 26.00" }).click();
  await payAtSandboxBank(page);
  await expect(page.getByRole("heading", { name: "Hand in the parcel" })).toBeVisible();
  const trade = await api.trade(seller, tradeId);
  expect(trade).toMatchObject({
    state: "LabelCreated",
    phases: { delivery: { shippingProvider: "postnord", labelPricePayer: 59, labelPricePayee: 26 } },
  });
  await expect(page.getByText(trade.phases.delivery.labelCode)).toBeVisible();

  await api.track(trade.phases.delivery.labelId, "sent");
  await api.track(trade.phases.delivery.labelId, "delivered");
  await page.getByRole("link", { name: "Track the parcel" }).click();
  await expect(page.getByRole("heading", { name: "PostNord parcel" })).toBeVisible();
  await expect(page.getByText("Handed in to the carrier")).toBeVisible();
  await expect(page.getByText("Delivered", { exact: true })).toBeVisible();
  await checkPage(page, testInfo, "tracking", problems);
  expect((await api.events({ tradeId })).map((e) => e.eventName)).toEqual([
    "trade.created",
    "trade.shipment_label_created",
    "trade.shipment_sent",
    "trade.shipment_delivered",
  ]);
});

test("the buyer accepts the item after being asked, and the seller is paid", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const api = tenantApi(request, tenant);
  const { tradeId, buyer, seller } = await sandboxTrade(api, baseURL!, `st-accept-${testInfo.project.name}`);
  await deliver(api, buyer, seller, tradeId);
  const problems = watchPage(page);
  await page.goto(await api.statusLink(buyer, tradeId, { returnUrl: `${baseURL}/?back` }));
  await expect(page.getByRole("heading", { name: "Check the item" })).toBeVisible();
  await expect(page.getByText(/accepted automatically if you do nothing/)).toBeVisible();
  await checkPage(page, testInfo, "status-buyer-delivered", problems);
  await page.getByRole("link", { name: "Accept the item" }).click();
  await expect(page.getByRole("heading", { name: "Accept the item?" })).toBeVisible();
  await checkPage(page, testInfo, "status-buyer-accept-question", problems);
  await page.getByRole("button", { name: "Accept the item" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(
    "You accepted the item. The seller is being paid.",
  );
  await expect(page.getByRole("heading", { name: "Completed" })).toBeVisible();
  expect((await api.trade(buyer, tradeId)).state).toMatch(/^(Succeeded|Released)$/);
  expect((await api.events({ tradeId })).map((e) => e.eventName)).toContain("trade.condition_accepted");
});

test("the buyer reports a problem with a reason; the seller takes the item back", async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  const api = tenantApi(request, tenant);
  const { tradeId, buyer, seller } = await sandboxTrade(api, baseURL!, `st-reject-${testInfo.project.name}`);
  await deliver(api, buyer, seller, tradeId);
  await page.goto(await api.statusLink(buyer, tradeId, { returnUrl: `${baseURL}/?back` }));
  await page.getByRole("link", { name: "Report a problem" }).click();
  await page.getByLabel("What is wrong with the item?").fill("The frame is cracked near the bottom bracket.");
  await page.getByRole("button", { name: "Report the problem" }).click();
  await expect(page.getByRole("heading", { name: "You reported a problem" })).toBeVisible();
  const rejected = await api.trade(buyer, tradeId);
  expect(rejected).toMatchObject({
    state: "ConditionRejected",
    phases: { delivery: { rejectedReason: { description: "The frame is cracked near the bottom bracket." } } },
  });

  // The seller, in their own browser.
  const sellerPage = await (await browser.newContext({ baseURL })).newPage();
  await sellerPage.goto(await api.statusLink(seller, tradeId, { returnUrl: `${baseURL}/?back` }));
  await expect(sellerPage.getByRole("heading", { name: "The buyer reported a problem" })).toBeVisible();
  await sellerPage.getByRole("link", { name: "Take the item back" }).click();
  await sellerPage.getByRole("button", { name: "Take the item back" }).click();
  await expect(sellerPage.getByRole("main").getByRole("status")).toHaveText(
    "The buyer will send the item back to you.",
  );
  expect((await api.trade(seller, tradeId)).state).toBe("ReturnAwaitingShipment");
  expect((await api.events({ tradeId })).map((e) => e.eventName)).toContain("trade.condition_rejected");
});
