// Staff deciding a dispute with a split from the console (POST /console/api/trades/{t}/settle):
// admins only, on their own tenant's trades, with the money the ledger's split says, the staff
// member and the reason on the timeline, and a refused request changing nothing.
import { describe, expect, it } from "vitest";
// First: it sets up the request scope Next gives route handlers, before any console module loads.
import { callConsole } from "../helpers/console-request.ts";
import { POST as settleRoute } from "../../app/(console)/console/api/trades/[tradeId]/settle/route.ts";
import { ConsoleForbidden } from "../../lib/console/auth/staff-session.ts";
import { staffSettleTrade } from "../../lib/console/trades/staff-trade-actions.ts";
import { rejectedTrade } from "../helpers/rejected-trade.ts";
import { staffOf } from "../helpers/staff-context.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

async function disputedTrade() {
  const world = await rejectedTrade();
  expect((await world.api.rejectCondition("seller", world.tradeId, "The seat was clean when sent")).json.state).toBe(
    "Disputed",
  );
  return world;
}

async function ledger(tradeId: string) {
  const rows = await db.ledgerPosting.groupBy({ by: ["account"], where: { tradeId }, _sum: { amountMinor: true } });
  return Object.fromEntries(rows.map((r) => [r.account, r._sum.amountMinor ?? 0n]));
}

const settle = (staffId: string, tradeId: string, body: unknown) =>
  callConsole(settleRoute, {
    method: "POST",
    path: `/console/api/trades/${tradeId}/settle`,
    staffId,
    params: { tradeId },
    body,
  });

async function unchanged(tradeId: string) {
  const trade = await db.trade.findUniqueOrThrow({ where: { id: tradeId } });
  return {
    state: trade.state,
    settlement: trade.settlementRefundMinor,
    events: await db.outboxEvent.count({ where: { tradeId } }),
    postings: await db.ledgerPosting.count({ where: { tradeId } }),
  };
}

describe("a staff split in the console", () => {
  it("gives the buyer the refund and the seller the rest, with the admin and the reason on the timeline", async () => {
    const { tenant, api, tradeId } = await disputedTrade();
    const admin = await staffOf(tenant.tenantId, "admin");
    const answer = await settle(admin.staff.id, tradeId, {
      refundAmount: "200.00",
      reason: "Half the stain is visible in the photos",
      state: "Disputed",
    });
    expect(answer).toEqual({ status: 200, json: { state: "Succeeded" } });
    expect((await api.trade("buyer", tradeId)).json).toMatchObject({
      state: "Succeeded",
      settlement: { refundAmount: 200, payeeAmount: 930 },
    });
    expect(await ledger(tradeId)).toMatchObject({
      escrow: 0n,
      payer_refund: 20000n,
      payee_payable: 93000n,
      tenant_revenue: 10600n,
    });
    expect((await api.escrowPayment("buyer", tradeId)).json).toMatchObject({
      state: "PartiallyRefunded",
      refundedAmount: 200,
    });
    const entry = await db.tradeTimelineEntry.findFirstOrThrow({ where: { tradeId, action: "settle" } });
    expect(entry.details).toEqual({
      staffId: admin.staff.id,
      staffEmail: admin.staff.email,
      refundMinor: "20000",
      reason: "Half the stain is visible in the photos",
    });
    const names = (await db.outboxEvent.findMany({ where: { tradeId }, orderBy: { sequence: "asc" } })).map(
      (e) => e.eventName,
    );
    expect(names.slice(names.indexOf("trade.condition_rejected") + 1)).toEqual(["trade.settled", "trade.succeeded"]);
  });

  it("a split of all the item's money returns the trade with every fee", async () => {
    const { tenant, api, tradeId } = await disputedTrade();
    const admin = await staffOf(tenant.tenantId, "admin");
    expect(
      (await settle(admin.staff.id, tradeId, { refundAmount: "1236", reason: "Not as described", state: "Disputed" }))
        .json,
    ).toEqual({ state: "Returned" });
    expect(await ledger(tradeId)).toMatchObject({ escrow: 0n, payer_refund: 123600n });
    expect((await api.trade("seller", tradeId)).json.settlement).toMatchObject({ refundAmount: 1236, payeeAmount: 0 });
  });

  it("refuses a viewer, another tenant's staff, a refund over the item's money, an unreadable amount and a stale page, and changes nothing", async () => {
    const { tenant, tradeId } = await disputedTrade();
    const before = await unchanged(tradeId);
    const admin = await staffOf(tenant.tenantId, "admin");
    const viewer = await staffOf(tenant.tenantId, "viewer");
    const stranger = await staffOf((await freshTenant()).tenantId, "admin");
    const body = { refundAmount: "20.00", reason: "Agreed", state: "Disputed" };
    expect((await settle(viewer.staff.id, tradeId, body)).status).toBe(403);
    await expect(
      staffSettleTrade(viewer, tradeId, { refundMinor: 2000n, reason: "x", expectedState: "Disputed" }),
    ).rejects.toBeInstanceOf(ConsoleForbidden);
    expect((await settle(stranger.staff.id, tradeId, body)).status).toBe(404);
    const over = await settle(admin.staff.id, tradeId, { ...body, refundAmount: "1236.01" });
    expect(over.status).toBe(400);
    expect(over.json.errors).toEqual([{ key: "refundAmount", value: expect.stringContaining("At most") }]);
    for (const refundAmount of ["20,00", "-1", "20.005", "1e3", ""]) {
      const refused = await settle(admin.staff.id, tradeId, { ...body, refundAmount });
      expect(refused.status, refundAmount).toBe(400);
      expect(refused.json.code).toBe("validation-error");
    }
    expect((await settle(admin.staff.id, tradeId, { ...body, reason: "  " })).status).toBe(400);
    expect((await settle(admin.staff.id, tradeId, { ...body, state: "ConditionRejected" })).json).toMatchObject({
      code: "invalid-state",
    });
    expect(await unchanged(tradeId)).toEqual(before);
  });

  it("splits a rejected trade too, and closes an open offer of the seller's", async () => {
    const { tenant, api, tradeId } = await rejectedTrade();
    await api.makeOffer("seller", tradeId, { refundAmount: 50 });
    const admin = await staffOf(tenant.tenantId, "admin");
    expect(
      (
        await settle(admin.staff.id, tradeId, {
          refundAmount: "100",
          reason: "Marketplace goodwill",
          state: "ConditionRejected",
        })
      ).json,
    ).toEqual({ state: "Succeeded" });
    expect((await api.trade("buyer", tradeId)).json).toMatchObject({
      offer: null,
      settlement: { refundAmount: 100, payeeAmount: 1030 },
    });
  });
});
