// Moving a sandbox trade along through the API, so that a test can start at the step it is about.
import { expect } from "@playwright/test";
import type { TenantApi } from "./api.ts";

export async function payIntoEscrow(api: TenantApi, buyer: string, tradeId: string) {
  const payment = await api.acceptAndPay(buyer, tradeId);
  await api.completePayment(payment.paymentId);
}

/** Paid, the delivery label bought from the buyer's shipping money, sent and delivered. */
export async function deliver(api: TenantApi, buyer: string, seller: string, tradeId: string) {
  await payIntoEscrow(api, buyer, tradeId);
  const label = await api.post(`/marketplace/users/${seller}/trades/${tradeId}/shipments/delivery`, {
    price: 59,
    shipmentProviderId: "gls",
    expectedMaxWeightInGrams: 5000,
  });
  expect(label.json).toMatchObject({ state: "Paid" });
  const labelId = (await api.trade(seller, tradeId)).phases.delivery.labelId as string;
  await api.track(labelId, "sent");
  await api.track(labelId, "delivered");
  expect((await api.trade(buyer, tradeId)).state).toBe("Delivered");
}
