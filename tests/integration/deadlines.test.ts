// Deadlines fire as ordinary transitions when the sandbox clock passes them.
import { describe, expect, it } from "vitest";
import { POST as advance } from "../../app/api/v1/sandbox/clock/advance/route.ts";
import { callRoute, expectErrorRecord } from "../helpers/call-route.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

const DAY = 24 * 3600;
const body = {
  title: "Desk",
  description: "Oak desk",
  amount: 500,
  payerFee: 0,
  payeeFee: 0,
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
  const clock = (seconds: number, token = tenant.testApiKey) =>
    callRoute(advance, { method: "POST", path: "/api/v1/sandbox/clock/advance", token, body: { seconds } });
  return { tenant, api, tradeId, clock };
}

async function deliver(api: ReturnType<typeof tenantClient>, tradeId: string) {
  await api.completePayment((await api.acceptAndPay("buyer", tradeId)).json.paymentId);
  const label = (
    await api.buyDelivery("seller", tradeId, { price: 40, shipmentProviderId: "gls", expectedMaxWeightInGrams: 20000 })
  ).json;
  await api.completePayment(label.paymentId);
  const labelId = (await api.trade("seller", tradeId)).json.phases.delivery.labelId;
  await api.track(labelId, "sent");
  await api.track(labelId, "delivered");
}

describe("the sandbox clock", () => {
  it("expires an unpaid trade after 7 days, not a second earlier", async () => {
    const { api, tradeId, clock } = await setup();
    expect((await clock(7 * DAY - 60)).json.fired).toEqual([]);
    const fired = (await clock(61)).json;
    expect(fired.fired).toEqual([{ tradeId, action: "expireUnpaid", state: "Cancelled" }]);
    expect(fired.offsetSeconds).toBe(7 * DAY + 1);
    expect((await api.trade("buyer", tradeId)).json.state).toBe("Cancelled");
    expect((await db.outboxEvent.findMany({ where: { tradeId } })).map((e) => e.eventName)).toEqual([
      "trade.cancelled",
    ]);
  });

  it("auto-accepts a delivered item after 2 days of silence and pays the payee out", async () => {
    const { api, tradeId, clock } = await setup();
    await deliver(api, tradeId);
    expect((await api.trade("buyer", tradeId)).json.payer.status.deadline).not.toBeNull();
    const fired = (await clock(2 * DAY + 1)).json.fired;
    expect(fired).toEqual([
      { tradeId, action: "autoAcceptCondition", state: "Succeeded" },
      { tradeId, action: "payoutCompleted", state: "Released" },
    ]);
    const paidOut = await db.ledgerPosting.aggregate({
      where: { tradeId, account: "payee_bank" },
      _sum: { amountMinor: true },
    });
    expect(paidOut._sum.amountMinor).toBe(50000n);
    expect((await api.trade("seller", tradeId)).json.phases.finished.released).not.toBe("");
  });

  it("cancels and refunds a paid trade whose parcel was not sent within 5 days", async () => {
    const { api, tradeId, clock } = await setup();
    await api.completePayment((await api.acceptAndPay("buyer", tradeId)).json.paymentId);
    expect((await clock(5 * DAY + 1)).json.fired).toEqual([
      { tradeId, action: "shipmentDeadlinePassed", state: "Cancelled" },
    ]);
    const refund = await db.ledgerPosting.aggregate({
      where: { tradeId, account: "payer_refund" },
      _sum: { amountMinor: true },
    });
    expect(refund._sum.amountMinor).toBe(50000n);
  });

  it("uses the tenant's own deadlines, moves only that tenant's clock, and refuses live tokens", async () => {
    const { tenant, tradeId, clock } = await setup();
    const other = await setup();
    await db.tenant.update({ where: { id: tenant.tenantId }, data: { unpaidExpirySeconds: 3600 } });
    // The deadline was set at initiation; a tenant setting applies to trades created after it.
    const { tradeId: quick } = (await tenantClient(tenant.testApiKey).initiate(body)).json;
    const fired = (await clock(3601)).json.fired;
    expect(fired).toEqual([{ tradeId: quick, action: "expireUnpaid", state: "Cancelled" }]);
    expect((await db.trade.findUniqueOrThrow({ where: { id: tradeId } })).state).toBe("Created");
    expect((await db.trade.findUniqueOrThrow({ where: { id: other.tradeId } })).state).toBe("Created");
    expectErrorRecord(await clock(60, tenant.liveApiKey), 403, "forbidden");
    expectErrorRecord(await clock(0), 400, "validation-error");
  });

  it("holds a payout until the payee has a payout account", async () => {
    const { api, tradeId, clock } = await setup();
    const trade = await db.trade.findUniqueOrThrow({ where: { id: tradeId } });
    const payee = await db.marketplaceUser.findFirstOrThrow({
      where: { tenantId: trade.tenantId, marketplaceUserId: "seller" },
    });
    await db.serviceAccount.update({ where: { id: payee.serviceAccountId }, data: { bankAccountNumber: null } });
    await deliver(api, tradeId);
    await api.acceptCondition("buyer", tradeId);
    expect((await clock(60)).json.fired).toEqual([]);
    const held = (await api.trade("seller", tradeId)).json;
    expect(held.state).toBe("Succeeded");
    expect(held.payee.status.actions).toEqual([{ type: 11, text: "Choose payout account" }]);
  });
});
