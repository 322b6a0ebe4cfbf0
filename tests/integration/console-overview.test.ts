// The console's overview: what it says must agree with the trades, the ledger and the webhook
// deliveries, for the chosen mode only, and a failing endpoint must stand out.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as createSub } from "../../app/api/v1/webhooks/subscriptions/route.ts";
import { isFailing, loadOverview, OVERVIEW_DAYS } from "../../lib/console/overview/load-overview.ts";
import { startWebhookWorker } from "../../lib/webhooks/delivery-worker.ts";
import { callRoute } from "../helpers/call-route.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { db, freshTenant } from "../helpers/tenants.ts";
import { startReceiver, waitFor } from "../helpers/webhook-receiver.ts";

let worker: ReturnType<typeof startWebhookWorker>;
beforeAll(() => {
  worker = startWebhookWorker({ concurrency: 4, idleMs: 50, schedule: [0, 60_000] });
});
afterAll(async () => {
  await worker.stop();
});

const trade = (amount: number, payer: string) => ({
  title: "Lamp",
  description: "Brass",
  amount,
  payerFee: 0,
  payeeFee: 0,
  payerMarketplaceUserId: payer,
  payeeMarketplaceUserId: "seller",
  successUrl: "https://shop.example/ok",
  cancelUrl: "https://shop.example/no",
});

describe("the console's overview", () => {
  it("counts today's trades and volume, trades by state, and the money held in escrow by the ledger", async () => {
    const tenant = await freshTenant();
    const api = tenantClient(tenant.testApiKey);
    await api.connect("seller");
    const paid = (await api.initiate(trade(400, "buyer-1"))).json.tradeId;
    await api.initiate(trade(250.5, "buyer-2"));
    await api.completePayment((await api.acceptAndPay("buyer-1", paid)).json.paymentId);
    const row = await db.tenant.findUniqueOrThrow({ where: { id: tenant.tenantId } });

    const overview = await loadOverview(row, "test");
    expect(overview.days).toHaveLength(OVERVIEW_DAYS);
    expect(overview.days.at(-1)).toEqual({
      day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      count: 2,
      volumeMinor: 65050n,
    });
    expect(overview.tradesInRange).toBe(2);
    expect(overview.volumeInRangeMinor).toBe(65050n);
    expect(overview.byState.filter((s) => s.count > 0)).toEqual([
      { state: "Created", count: 1 },
      { state: "AwaitingShipment", count: 1 },
    ]);
    const paidTrade = await db.trade.findUniqueOrThrow({ where: { id: paid } });
    expect(overview.escrow).toEqual({ heldMinor: paidTrade.payerTotalMinor, trades: 1 });

    // Live mode is another world: nothing of the sandbox shows there.
    const live = await loadOverview(row, "live");
    expect(live.tradesInRange).toBe(0);
    expect(live.escrow).toEqual({ heldMinor: 0n, trades: 0 });

    // Cancelling refunds the escrow: the overview follows the ledger.
    expect((await api.cancel(paid, "AwaitingShipment")).status).toBe(200);
    expect((await loadOverview(row, "test")).escrow).toEqual({ heldMinor: 0n, trades: 0 });
  });

  it("follows the sandbox clock: trades from before a moved clock's 30 days drop out", async () => {
    const tenant = await freshTenant();
    const api = tenantClient(tenant.testApiKey);
    await api.connect("seller");
    await api.initiate(trade(100, "buyer"));
    await db.tenant.update({
      where: { id: tenant.tenantId },
      data: { sandboxClockOffsetSeconds: BigInt(40 * 86_400) },
    });
    const row = await db.tenant.findUniqueOrThrow({ where: { id: tenant.tenantId } });
    const overview = await loadOverview(row, "test");
    expect(overview.tradesInRange).toBe(0);
    expect(overview.byState.find((s) => s.state === "Created")?.count).toBe(1); // states are now, not a range
  });

  it("marks an endpoint that answers errors as failing, and a healthy one as healthy", async () => {
    const tenant = await freshTenant();
    const good = await startReceiver(() => 204);
    const bad = await startReceiver(() => 500);
    try {
      for (const url of [good.url, bad.url]) {
        expect(
          (
            await callRoute(createSub, {
              method: "POST",
              path: "/api/v1/webhooks/subscriptions",
              token: tenant.testApiKey,
              body: { url, events: ["user.connected"] },
            })
          ).status,
        ).toBe(200);
      }
      const api = tenantClient(tenant.testApiKey);
      await api.connect("seller");
      await waitFor(
        async () =>
          (await db.webhookDelivery.count({ where: { tenantId: tenant.tenantId, lastStatusCode: { not: null } } })) ===
          2,
        20_000,
        "both endpoints tried",
      );
      const row = await db.tenant.findUniqueOrThrow({ where: { id: tenant.tenantId } });
      const { endpoints } = await loadOverview(row, "test");
      const healthy = endpoints.find((e) => e.url === good.url)!;
      const failing = endpoints.find((e) => e.url === bad.url)!;
      expect(healthy).toMatchObject({ succeeded: 1, failed: 0, pending: 0, retrying: 0 });
      expect(isFailing(healthy)).toBe(false);
      expect(failing).toMatchObject({ succeeded: 0, pending: 1, retrying: 1, lastFailureStatus: 500 });
      expect(isFailing(failing)).toBe(true);
      // An endpoint that does not answer at all is failing too, and one the tenant switched off is not.
      expect(isFailing({ ...healthy, pending: 1, retrying: 1, lastFailureStatus: null })).toBe(true);
      expect(isFailing({ ...healthy, enabled: false, disabledReason: "Disabled by the tenant" })).toBe(false);
      expect(isFailing({ ...healthy, enabled: false, disabledReason: "The endpoint answered 410 Gone" })).toBe(true);
    } finally {
      await good.close();
      await bad.close();
    }
  });
});
