// The hosted payout account page: a seller enters an account (IBAN checksum, or Danish
// registration and account number) or chooses one entered before; a payout that waited leaves.
import { expect, test } from "@playwright/test";
import { tenantApi } from "./support/api.ts";
import { payIntoEscrow } from "./support/journeys.ts";
import { checkPage, watchPage } from "./support/pages.ts";
import { createE2eTenant, type E2eTenant } from "./support/tenant.ts";

let tenant: E2eTenant;
test.beforeAll(() => {
  tenant = createE2eTenant("Møbelmarkedet");
});

test("a seller without an account is asked for one on the status page; a wrong IBAN is refused; the payout then leaves", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const api = tenantApi(request, tenant);
  const s = testInfo.project.name;
  const seller = `po-seller-${s}`;
  // Connected through the hosted connect page, so without a payout account.
  await page.goto(
    await api.connectLink({ marketplaceUserId: seller, successUrl: `${baseURL}/?c`, cancelUrl: `${baseURL}/?x` }),
  );
  await page.getByRole("button", { name: "Sign in with eID" }).click();
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await api.connect(`po-buyer-${s}`);
  const { tradeId } = await api.initiate({
    title: "Oak chair",
    description: "Solid oak",
    amount: 200,
    payerFee: 0,
    payeeFee: 0,
    payerMarketplaceUserId: `po-buyer-${s}`,
    payeeMarketplaceUserId: seller,
    deliveryByHandAllowed: true,
    successUrl: `${baseURL}/?ok`,
    cancelUrl: `${baseURL}/?no`,
  });
  await payIntoEscrow(api, `po-buyer-${s}`, tradeId);
  await api.post(`/marketplace/users/po-buyer-${s}/trades/${tradeId}/condition/accept`); // handed over in person
  await api.advanceClock(1);
  expect((await api.trade(seller, tradeId)).state).toBe("Succeeded");

  const problems = watchPage(page);
  await page.goto(await api.statusLink(seller, tradeId, { returnUrl: `${baseURL}/?back` }));
  await expect(page.getByRole("heading", { name: "Sold – payout on its way" })).toBeVisible();
  await page.getByRole("button", { name: "Choose payout account" }).click();
  await expect(page.getByRole("heading", { name: "Where should we pay you?" })).toBeVisible();
  await checkPage(page, testInfo, "payout-account-new", problems);
  await page.getByLabel("IBAN, or registration and account number").fill("DK51 0040 0440 1162 43");
  await page.getByRole("button", { name: "Save payout account" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "This IBAN's check digits do not match: check for a typo.",
  );
  await checkPage(page, testInfo, "payout-account-error", problems);
  await page.getByLabel("IBAN, or registration and account number").fill("DK50 0040 0440 1162 43");
  await page.getByRole("button", { name: "Save payout account" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Your payout account is saved.");

  expect((await api.user(seller)).json.bankAccount).toMatchObject({ accountNumber: "DK5000400440116243" });
  await expect.poll(async () => (await api.trade(seller, tradeId)).state, { timeout: 15_000 }).toBe("Released");
});

test("a seller chooses between the accounts they entered before", async ({ page, request, baseURL }, testInfo) => {
  const api = tenantApi(request, tenant);
  const seller = `po-choose-${testInfo.project.name}`;
  await api.connect(seller); // sandbox people come with an account ending in 6243
  const problems = watchPage(page);
  await page.goto(await api.payoutLink(seller, { returnUrl: `${baseURL}/?saved=1` }));
  await expect(page.getByLabel(/Account ending in 6243/)).toBeChecked();
  await expect(page.getByLabel("IBAN, or registration and account number")).toBeHidden();
  await page.getByLabel("A new account").check();
  await page.getByLabel("IBAN, or registration and account number").fill("1234-0001234567");
  await page.getByRole("button", { name: "Save payout account" }).click();
  await expect(page).toHaveURL(`${baseURL}/?saved=1`);
  expect((await api.user(seller)).json.bankAccount.accountNumber).toBe("1234 0001234567");

  await page.goto(await api.payoutLink(seller, { returnUrl: `${baseURL}/?saved=2` }));
  await expect(page.getByLabel(/Account ending in 4567/)).toBeChecked();
  await checkPage(page, testInfo, "payout-account-choose", problems);
  await page.getByLabel(/Account ending in 6243/).check();
  await page.getByRole("button", { name: "Save payout account" }).click();
  await expect(page).toHaveURL(`${baseURL}/?saved=2`);
  expect((await api.user(seller)).json.bankAccount.accountNumber).toBe("DK5000400440116243");
});
