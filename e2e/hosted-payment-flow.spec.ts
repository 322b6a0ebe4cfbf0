// The hosted payment flow (Initiate payment flow): the seller pays the part of a shipping label
// that the buyer's shipping money does not cover, confirming with the bank.
import { expect, test } from "@playwright/test";
import { sandboxTrade, tenantApi } from "./support/api.ts";
import { payIntoEscrow } from "./support/journeys.ts";
import { checkPage, payAtSandboxBank, watchPage } from "./support/pages.ts";
import { createE2eTenant, type E2eTenant } from "./support/tenant.ts";

let tenant: E2eTenant;
test.beforeAll(() => {
  tenant = createE2eTenant("Pakkeposten");
});

test("the seller pays a label through the payment flow and the label is issued", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const api = tenantApi(request, tenant);
  const s = `label-${testInfo.project.name}`;
  const { tradeId, buyer, seller } = await sandboxTrade(api, baseURL!, s);
  await payIntoEscrow(api, buyer, tradeId);
  const label = await api.post(`/marketplace/users/${seller}/trades/${tradeId}/shipments/delivery`, {
    price: 79,
    shipmentProviderId: "postnord",
    expectedMaxWeightInGrams: 12000,
  });
  expect(label.json).toMatchObject({ state: "Pending", amount: 20 }); // 79 - the buyer's 59
  const link = await api.paymentFlowLink(seller, label.json.paymentId, {
    successUrl: `${baseURL}/?label=${s}`,
    cancelUrl: `${baseURL}/?nolabel=${s}`,
  });

  const problems = watchPage(page);
  await page.goto(link);
  await expect(page.getByText("Shipping label", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "DKK 20.00" })).toBeVisible();
  await expect(page.getByText("PostNord, parcel up to 12 kg")).toBeVisible();
  await checkPage(page, testInfo, "payment-flow", problems);
  await page.getByRole("button", { name: "Pay DKK 20.00" }).click();
  await payAtSandboxBank(page, /Visa ending in 3220/, "approve");
  await expect(page).toHaveURL(`${baseURL}/?label=${s}`);

  const trade = await api.trade(seller, tradeId);
  expect(trade.state).toBe("LabelCreated");
  expect(trade.phases.delivery).toMatchObject({
    shippingProvider: "postnord",
    labelPricePayer: 59,
    labelPricePayee: 20,
    labelPaidBy: 3,
    labelCode: expect.stringMatching(/^00\d{9}DK$/),
  });
  expect((await api.events({ tradeId })).map((e) => e.eventName)).toEqual([
    "trade.created",
    "trade.shipment_label_created",
  ]);

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Payment complete" })).toBeVisible();
});

test("cancelling the payment flow leaves the payment pending for another try", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const api = tenantApi(request, tenant);
  const s = `flow-cancel-${testInfo.project.name}`;
  const { tradeId, buyer } = await sandboxTrade(api, baseURL!, s);
  const escrow = await api.acceptAndPay(buyer, tradeId);
  const link = await api.paymentFlowLink(buyer, escrow.paymentId, {
    successUrl: `${baseURL}/?paid`,
    cancelUrl: `${baseURL}/?later`,
  });
  await page.goto(link);
  await expect(page.getByText("Payment into escrow")).toBeVisible();
  await page.getByRole("button", { name: /Cancel and return/ }).click();
  await expect(page).toHaveURL(`${baseURL}/?later=&reason=cancelled`);
  expect(await api.escrowPayment(buyer, tradeId)).toMatchObject({ state: "Pending", paymentId: escrow.paymentId });

  const again = await api.paymentFlowLink(buyer, escrow.paymentId, {
    successUrl: `${baseURL}/?paid`,
    cancelUrl: `${baseURL}/?later`,
  });
  await page.goto(again);
  await page.getByRole("button", { name: /^Pay/ }).click();
  await payAtSandboxBank(page);
  await expect(page).toHaveURL(`${baseURL}/?paid`);
  expect((await api.trade(buyer, tradeId)).state).toBe("AwaitingShipment");
});
