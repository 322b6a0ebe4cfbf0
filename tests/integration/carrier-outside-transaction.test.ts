// The carrier is asked for a label outside the database transaction (lib/shipping/issue-label.ts):
// a slow carrier holds no lock on the trade, and a label the transaction then refuses is voided.
// On PostgreSQL (npm test runs this file there too) the lock check is a real second connection.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { voidedSimulatedLabels } from "../../lib/shipping/simulated-carriers.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

const CARRIER_MS = 1500;
const trade = (shippingPrice: number) => ({
  title: "Lamp",
  description: "Desk lamp",
  amount: 400,
  payerFee: 0,
  payeeFee: 0,
  payerMarketplaceUserId: "buyer",
  payeeMarketplaceUserId: "seller",
  successUrl: "https://s.example/ok",
  cancelUrl: "https://s.example/no",
  shipping: { paidBy: "Payer", price: shippingPrice, expectedMaxWeight: 1000 },
});
const label = { shipmentProviderId: "gls", price: 39, expectedMaxWeightInGrams: 1000 };

async function paidTrade(shippingPrice: number) {
  const tenant = await freshTenant();
  const api = tenantClient(tenant.testApiKey);
  await api.connect("seller");
  await api.connect("buyer");
  const { tradeId } = (await api.initiate(trade(shippingPrice))).json;
  const escrow = (await api.acceptAndPay("buyer", tradeId)).json;
  expect((await api.completePayment(escrow.paymentId)).status).toBe(200);
  return { api, tradeId };
}

/** How long taking the trade's row lock takes from another connection. */
async function lockWait(tradeId: string): Promise<number> {
  const started = performance.now();
  await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "Trade" WHERE "id" = ${tradeId} FOR UPDATE`;
  });
  return performance.now() - started;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the carrier call", () => {
  beforeEach(() => {
    process.env.SIMULATED_CARRIER_LATENCY_MS = String(CARRIER_MS);
  });
  afterEach(() => {
    delete process.env.SIMULATED_CARRIER_LATENCY_MS;
  });

  it("holds no lock on the trade while a paid label is issued", async () => {
    const { api, tradeId } = await paidTrade(0);
    const payment = (await api.buyDelivery("seller", tradeId, label)).json;
    const completing = api.completePayment(payment.paymentId);
    await pause(200); // inside the carrier's 1.5 s
    expect(await lockWait(tradeId)).toBeLessThan(CARRIER_MS / 2);
    expect((await completing).status).toBe(200);
    expect((await api.trade("seller", tradeId)).json.state).toBe("LabelCreated");
  });

  it("holds no lock while a label the escrow pays for is issued at once", async () => {
    const { api, tradeId } = await paidTrade(49); // the buyer's 49 of shipping covers the 39 label
    const buying = api.buyDelivery("seller", tradeId, label);
    await pause(200);
    expect(await lockWait(tradeId)).toBeLessThan(CARRIER_MS / 2);
    expect((await buying).status).toBe(200);
    expect((await api.trade("seller", tradeId)).json.state).toBe("LabelCreated");
  });

  it("voids the label when the trade moved while the carrier was issuing it", async () => {
    const { api, tradeId } = await paidTrade(0);
    const payment = (await api.buyDelivery("seller", tradeId, label)).json;
    const completing = api.completePayment(payment.paymentId);
    await pause(200);
    expect((await api.cancel(tradeId, "AwaitingShipment")).json).toEqual({ state: "Cancelled" });
    const answer = await completing;
    expect(answer.status).toBe(409);
    const row = await db.shipmentLabel.findFirstOrThrow({ where: { tradeId } });
    expect(row.status).toBe("Pending");
    expect(voidedSimulatedLabels).toContain(row.id);
    expect(await db.ledgerTransfer.count({ where: { tradeId, kind: "delivery_label" } })).toBe(0);
  });
});
