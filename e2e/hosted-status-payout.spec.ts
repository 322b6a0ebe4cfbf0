// The hosted trade status page and the payout account page, as the seller uses them.
import { expect, test } from "@playwright/test";
import { createE2eTenant, type E2eTenant } from "./tenant.ts";

let tenant: E2eTenant;
test.beforeAll(() => {
  tenant = createE2eTenant();
});
const auth = () => ({ Authorization: `Bearer ${tenant.testApiKey}` });

test("the status link shows the user's own status and timeline, with a way back", async ({ page, request, baseURL }, testInfo) => {
  const s = testInfo.project.name;
  for (const user of [`st-seller-${s}`, `st-buyer-${s}`]) await request.post(`/api/v1/sandbox/users/${user}/connect`, { headers: auth(), data: { kycLevel: 1 } });
  const { tradeId } = await (
    await request.post("/api/v1/marketplace/trades/initiate", {
      headers: auth(),
      data: { title: "Desk lamp", description: "Brass", amount: 300, payerFee: 0, payeeFee: 0, payerMarketplaceUserId: `st-buyer-${s}`, payeeMarketplaceUserId: `st-seller-${s}`, successUrl: `${baseURL}/?ok`, cancelUrl: `${baseURL}/?no` },
    })
  ).json();
  const escrow = await (await request.post(`/api/v1/marketplace/users/st-buyer-${s}/trades/${tradeId}/invitation/accept-and-pay`, { headers: auth() })).json();
  await request.post(`/api/v1/sandbox/payments/${escrow.paymentId}/complete`, { headers: auth(), data: { outcome: "succeeded" } });
  const link = await (await request.post(`/api/v1/marketplace/users/st-seller-${s}/trades/${tradeId}/status-link`, { headers: auth(), data: { returnUrl: `${baseURL}/?back` } })).json();
  await page.goto(link.redirectUrl);
  await expect(page.getByRole("heading", { name: "Ship the item" })).toBeVisible();
  await expect(page.getByText("Paid into escrow")).toBeVisible();
  await page.screenshot({ path: `test-results/screenshots/status-${s}.png`, fullPage: true });
  await page.getByRole("link", { name: "Back to the marketplace" }).click();
  await expect(page).toHaveURL(/\?back$/);
});

test("a seller without a payout account enters one; a wrong IBAN is refused; the waiting payout then leaves", async ({ page, request, baseURL }, testInfo) => {
  const s = testInfo.project.name;
  // Connected through the hosted connect page, so without a payout account.
  const connect = await (await request.post("/api/v1/marketplace/users/connect", { headers: auth(), data: { marketplaceUserId: `po-seller-${s}`, successUrl: `${baseURL}/?c`, cancelUrl: `${baseURL}/?x` } })).json();
  await page.goto(connect.redirectUrl);
  await page.getByRole("button", { name: "Sign in and connect" }).click();
  await request.post(`/api/v1/sandbox/users/po-buyer-${s}/connect`, { headers: auth(), data: { kycLevel: 1 } });
  const { tradeId } = await (
    await request.post("/api/v1/marketplace/trades/initiate", {
      headers: auth(),
      data: { title: "Chair", description: "Oak", amount: 200, payerFee: 0, payeeFee: 0, payerMarketplaceUserId: `po-buyer-${s}`, payeeMarketplaceUserId: `po-seller-${s}`, deliveryByHandAllowed: true, successUrl: `${baseURL}/?ok`, cancelUrl: `${baseURL}/?no` },
    })
  ).json();
  const escrow = await (await request.post(`/api/v1/marketplace/users/po-buyer-${s}/trades/${tradeId}/invitation/accept-and-pay`, { headers: auth() })).json();
  await request.post(`/api/v1/sandbox/payments/${escrow.paymentId}/complete`, { headers: auth(), data: { outcome: "succeeded" } });
  await request.post(`/api/v1/marketplace/users/po-buyer-${s}/trades/${tradeId}/condition/accept`, { headers: auth() });
  await request.post("/api/v1/sandbox/clock/advance", { headers: auth(), data: { seconds: 1 } });
  expect((await (await request.get(`/api/v1/marketplace/users/po-seller-${s}/trades/${tradeId}`, { headers: auth() })).json()).state).toBe("Succeeded");

  const link = await (await request.post(`/api/v1/marketplace/users/po-seller-${s}/payout-account`, { headers: auth(), data: { returnUrl: `${baseURL}/?saved` } })).json();
  await page.goto(link.redirectUrl);
  await page.getByLabel("IBAN, or registration and account number").fill("DK51 0040 0440 1162 43");
  await page.getByRole("button", { name: "Save payout account" }).click();
  await expect(page.getByText("check digits do not match")).toBeVisible();
  await page.getByLabel("IBAN, or registration and account number").fill("DK50 0040 0440 1162 43");
  await page.screenshot({ path: `test-results/screenshots/payout-account-${s}.png`, fullPage: true });
  await page.getByRole("button", { name: "Save payout account" }).click();
  await expect(page).toHaveURL(/\?saved$/);

  const details = await (await request.get(`/api/v1/marketplace/users/po-seller-${s}`, { headers: auth() })).json();
  expect(details.bankAccount.accountNumber).toBe("DK5000400440116243");
  // The server's own scheduler or the sandbox clock pays it out, whichever comes first.
  await request.post("/api/v1/sandbox/clock/advance", { headers: auth(), data: { seconds: 1 } });
  await expect
    .poll(async () => (await (await request.get(`/api/v1/marketplace/users/po-seller-${s}/trades/${tradeId}`, { headers: auth() })).json()).state, { timeout: 15_000 })
    .toBe("Released");
});
