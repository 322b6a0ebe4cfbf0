// Many identical requests at once must have exactly one effect (issue 3 item 7). Meaningful on
// PostgreSQL (npm test runs this file there too); PGlite runs one query at a time.
import { describe, expect, it } from "vitest";
import { tenantClient } from "../helpers/tenant-client.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

const N = 30;
const body = {
  title: "Clock",
  description: "Wall clock",
  amount: 300,
  payerFee: 2,
  payeeFee: 4,
  payerMarketplaceUserId: "buyer",
  payeeMarketplaceUserId: "seller",
  successUrl: "https://s.example/ok",
  cancelUrl: "https://s.example/no",
};

async function setup() {
  const tenant = await freshTenant();
  const api = tenantClient(tenant.testApiKey);
  await api.connect("seller");
  await api.connect("buyer");
  const { tradeId } = (await api.initiate(body)).json;
  return { api, tradeId };
}

const statuses = (results: { status: number; json: { typeCode?: string } }[]) => {
  const counts: Record<string, number> = {};
  for (const r of results) {
    const key = r.status === 200 ? "200" : `${r.status} ${r.json.typeCode}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};

describe(`${N} identical requests at once`, () => {
  it("complete one payment once: one funding, one trade.created", async () => {
    const { api, tradeId } = await setup();
    const payment = (await api.acceptAndPay("buyer", tradeId)).json;
    const results = await Promise.all(Array.from({ length: N }, () => api.completePayment(payment.paymentId)));
    expect(statuses(results)).toEqual({ "200": 1, "409 invalid-state": N - 1 });
    expect(await db.ledgerTransfer.count({ where: { tradeId, kind: "fundEscrow" } })).toBe(1);
    expect(await db.outboxEvent.count({ where: { tradeId, eventName: "trade.created" } })).toBe(1);
  });

  it("accept-and-pay gives every caller the same single escrow payment", async () => {
    const { api, tradeId } = await setup();
    const results = await Promise.all(Array.from({ length: N }, () => api.acceptAndPay("buyer", tradeId)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.json.paymentId)).size).toBe(1);
    expect(await db.payment.count({ where: { tradeId, purpose: "Escrow" } })).toBe(1);
  });

  it("accept one condition once: one settlement, one trade.succeeded", async () => {
    const { api, tradeId } = await setup();
    await api.completePayment((await api.acceptAndPay("buyer", tradeId)).json.paymentId);
    const label = (
      await api.buyDelivery("seller", tradeId, {
        price: 0,
        shipmentProviderId: "postnord",
        expectedMaxWeightInGrams: 500,
      })
    ).json;
    expect(label.state).toBe("Paid");
    const labelId = (await api.trade("seller", tradeId)).json.phases.delivery.labelId;
    await api.track(labelId, "sent");
    await api.track(labelId, "delivered");
    const results = await Promise.all(Array.from({ length: N }, () => api.acceptCondition("buyer", tradeId)));
    const counts = statuses(results);
    expect(counts["200"]).toBe(1);
    expect((counts["409 invalid-state"] ?? 0) + (counts["409 conflict"] ?? 0)).toBe(N - 1);
    expect(await db.ledgerTransfer.count({ where: { tradeId, kind: "settle" } })).toBe(1);
    expect(await db.outboxEvent.count({ where: { tradeId, eventName: "trade.succeeded" } })).toBe(1);
  });

  it("cancel a paid trade once: one refund, one trade.cancelled", async () => {
    const { api, tradeId } = await setup();
    await api.completePayment((await api.acceptAndPay("buyer", tradeId)).json.paymentId);
    const results = await Promise.all(Array.from({ length: N }, () => api.cancel(tradeId, "AwaitingShipment")));
    const counts = statuses(results);
    expect(counts["200"]).toBe(1);
    expect((counts["409 invalid-state"] ?? 0) + (counts["409 conflict"] ?? 0)).toBe(N - 1);
    expect(await db.ledgerTransfer.count({ where: { tradeId, kind: "refundPayer" } })).toBe(1);
    expect(await db.outboxEvent.count({ where: { tradeId, eventName: "trade.cancelled" } })).toBe(1);
  });
});
