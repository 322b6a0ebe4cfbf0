// docs/money.md's worked example: an armchair for 1,200.00 DKK, payer fee 3 %, payee fees 5 % +
// 10.00, 49.00 shipping the payer pays, on a fresh tenant with both parties connected.
import { expect } from "vitest";
import { tenantClient } from "./tenant-client.ts";
import { freshTenant } from "./tenants.ts";

export const ARMCHAIR_TRADE = {
  title: "Armchair",
  description: "Green velvet armchair",
  amount: 1200,
  payerFee: 3,
  payerFixedFee: 0,
  payeeFee: 5,
  payeeFixedFee: 10,
  payerMarketplaceUserId: "buyer",
  payeeMarketplaceUserId: "seller",
  successUrl: "https://shop.example/ok",
  cancelUrl: "https://shop.example/cancel",
  shipping: { paidBy: "Payer", price: 49, expectedMaxWeight: 8000 },
};

export async function armchair() {
  const tenant = await freshTenant();
  const api = tenantClient(tenant.testApiKey);
  expect((await api.connect("seller")).status).toBe(200);
  expect((await api.connect("buyer")).status).toBe(200);
  const { tradeId } = (await api.initiate(ARMCHAIR_TRADE)).json;
  return { tenant, api, tradeId: tradeId as string };
}

/** Paid, label bought, delivered, rejected, settled with 20.00 back, and paid out. */
export async function settledArmchair() {
  const world = await armchair();
  const { api, tradeId } = world;
  const payment = (await api.acceptAndPay("buyer", tradeId)).json;
  await api.completePayment(payment.paymentId);
  await api.buyDelivery("seller", tradeId, { price: 49, shipmentProviderId: "gls", expectedMaxWeightInGrams: 8000 });
  const labelId = (await api.trade("seller", tradeId)).json.phases.delivery.labelId;
  await api.track(labelId, "sent");
  await api.track(labelId, "delivered");
  await api.rejectCondition("buyer", tradeId, "Stained seat");
  expect((await api.settle(tradeId, { refundAmount: 20, reason: "20 off for the stained seat" })).status).toBe(200);
  await api.advanceClock(1); // the payout
  expect((await api.trade("seller", tradeId)).json.state).toBe("Released");
  return world;
}
