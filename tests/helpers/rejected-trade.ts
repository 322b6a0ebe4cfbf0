// A paid, delivered trade whose item the payer rejected (ConditionRejected), with the figures of
// docs/money.md's worked example: 1200 + 3 % payer fee (36) + 49 shipping the payer pays = 1285
// paid; the label uses the 49. Escrow then holds 1236 for the item: the payee's 1130
// (1200 − 5 % − 10) and the tenant's 106 in fees (the service's agreed part is 0 for a fresh tenant).
import { expect } from "vitest";
import { armchair } from "./armchair.ts";

export const ITEM_MONEY = 1236;

export async function rejectedTrade() {
  const { tenant, api, tradeId } = await armchair();
  const payment = (await api.acceptAndPay("buyer", tradeId)).json;
  await api.completePayment(payment.paymentId);
  await api.buyDelivery("seller", tradeId, { price: 49, shipmentProviderId: "gls", expectedMaxWeightInGrams: 8000 });
  const labelId = (await api.trade("seller", tradeId)).json.phases.delivery.labelId;
  await api.track(labelId, "sent");
  await api.track(labelId, "delivered");
  expect((await api.rejectCondition("buyer", tradeId, "Stained seat")).json.state).toBe("ConditionRejected");
  return { tenant, api, tradeId: tradeId as string };
}
