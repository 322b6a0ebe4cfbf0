// The hosted checkout and payment flow in Chromium, as the payer and seller use them.
import { expect, test, type APIRequestContext } from "@playwright/test";
import { createE2eTenant, type E2eTenant } from "./tenant.ts";

let tenant: E2eTenant;
test.beforeAll(() => {
  tenant = createE2eTenant();
});

const auth = () => ({ Authorization: `Bearer ${tenant.testApiKey}` });

async function newTrade(request: APIRequestContext, baseURL: string, suffix: string) {
  for (const user of [`seller-${suffix}`, `buyer-${suffix}`]) {
    expect((await request.post(`/api/v1/sandbox/users/${user}/connect`, { headers: auth(), data: { kycLevel: 1 } })).status()).toBe(200);
  }
  const response = await request.post("/api/v1/marketplace/trades/initiate", {
    headers: auth(),
    data: {
      title: "Vintage road bike",
      description: "Steel frame, 56 cm, serviced this spring.",
      amount: 1500,
      payerFee: 2.5,
      payerFixedFee: 5,
      payeeFee: 5,
      payeeFixedFee: 0,
      payerMarketplaceUserId: `buyer-${suffix}`,
      payeeMarketplaceUserId: `seller-${suffix}`,
      shipping: { paidBy: "Payer", price: 59 },
      successUrl: `${baseURL}/?paid=${suffix}`,
      cancelUrl: `${baseURL}/?cancelled=${suffix}`,
    },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { tradeId: string; redirectUrl: string };
}

test("the payer is declined once, pays, lands on successUrl, and the trade is paid", async ({ page, request, baseURL }, testInfo) => {
  const suffix = `ok-${testInfo.project.name}`;
  const { tradeId, redirectUrl } = await newTrade(request, baseURL!, suffix);
  await page.goto(redirectUrl);
  await expect(page.getByRole("heading", { name: "Vintage road bike" })).toBeVisible();
  await expect(page.getByText("DKK 1,601.50").first()).toBeVisible(); // 1500 + 2.5 % + 5 + 59 shipping
  await page.screenshot({ path: `test-results/screenshots/checkout-${testInfo.project.name}.png`, fullPage: true });

  await page.getByLabel(/Card ending 0002/).check();
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page.getByText("The payment was declined. Nothing was charged.")).toBeVisible();

  await page.getByLabel(/Card ending 4242/).check();
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page).toHaveURL(new RegExp(`\\?paid=${suffix}$`));

  const trade = await (await request.get(`/api/v1/marketplace/users/buyer-${suffix}/trades/${tradeId}`, { headers: auth() })).json();
  expect(trade.state).toBe("AwaitingShipment");
  const payment = await (await request.get(`/api/v1/marketplace/users/buyer-${suffix}/trades/${tradeId}/payment`, { headers: auth() })).json();
  expect(payment).toMatchObject({ state: "Paid", amount: 1601.5 });

  // Back button: the link is used up, nothing is charged again.
  await page.goto(redirectUrl);
  await expect(page.getByRole("heading", { name: "This link can no longer be used" })).toBeVisible();
});

test("cancelling the checkout cancels the trade and returns to cancelUrl", async ({ page, request, baseURL }, testInfo) => {
  const suffix = `cancel-${testInfo.project.name}`;
  const { tradeId, redirectUrl } = await newTrade(request, baseURL!, suffix);
  await page.goto(redirectUrl);
  await page.getByRole("button", { name: /Cancel and return/ }).click();
  await expect(page).toHaveURL(/cancelled=.*reason=cancelled/);
  const trade = await (await request.get(`/api/v1/marketplace/users/buyer-${suffix}/trades/${tradeId}`, { headers: auth() })).json();
  expect(trade.state).toBe("Cancelled");
});

test("the seller pays the part of a label the buyer's shipping money does not cover", async ({ page, request, baseURL }, testInfo) => {
  const suffix = `label-${testInfo.project.name}`;
  const { tradeId } = await newTrade(request, baseURL!, suffix);
  const escrow = await (await request.post(`/api/v1/marketplace/users/buyer-${suffix}/trades/${tradeId}/invitation/accept-and-pay`, { headers: auth() })).json();
  await request.post(`/api/v1/sandbox/payments/${escrow.paymentId}/complete`, { headers: auth(), data: { outcome: "succeeded" } });
  const label = await (await request.post(`/api/v1/marketplace/users/seller-${suffix}/trades/${tradeId}/shipments/delivery`, { headers: auth(), data: { price: 79, shipmentProviderId: "postnord", expectedMaxWeightInGrams: 12000 } })).json();
  expect(label).toMatchObject({ state: "Pending", amount: 20 });
  const flow = await (await request.post(`/api/v1/marketplace/users/seller-${suffix}/payments/${label.paymentId}/flow`, { headers: auth(), data: { successUrl: `${baseURL}/?label=${suffix}`, cancelUrl: `${baseURL}/?nolabel=${suffix}` } })).json();
  await page.goto(flow.redirectUrl);
  await expect(page.getByRole("heading", { name: "DKK 20.00" })).toBeVisible();
  await page.screenshot({ path: `test-results/screenshots/payment-flow-${testInfo.project.name}.png`, fullPage: true });
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page).toHaveURL(new RegExp(`\\?label=${suffix}$`));
  const trade = await (await request.get(`/api/v1/marketplace/users/seller-${suffix}/trades/${tradeId}`, { headers: auth() })).json();
  expect(trade.state).toBe("LabelCreated");
  expect(trade.phases.delivery).toMatchObject({ shippingProvider: "postnord", labelPricePayer: 59, labelPricePayee: 20, labelPaidBy: 3 });
});
