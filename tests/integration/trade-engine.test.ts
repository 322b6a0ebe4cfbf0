// The engine core against a real database: guarded state changes, timeline, ledger and outbox in
// one transaction; exactly one winner when many requests race for the same transition.
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import type { Tenant } from "../../lib/db/generated/client.ts";
import { applyTransition } from "../helpers/apply-transition.ts";
import type { Action, Actor } from "../../lib/trades/transition-table.ts";
import { insertTrade, TEST_LABEL_SHARES } from "../helpers/trades.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

async function act(tenant: Tenant, tradeId: string, action: Action, actor: Actor, now = new Date()) {
  const trade = await db.trade.findUniqueOrThrow({ where: { id: tradeId } });
  return applyTransition(trade, tenant, action, actor, now, {}, undefined, TEST_LABEL_SHARES[action]);
}

async function balances(tradeId: string) {
  const rows = await db.ledgerPosting.groupBy({ by: ["account"], where: { tradeId }, _sum: { amountMinor: true } });
  return Object.fromEntries(rows.map((r) => [r.account, r._sum.amountMinor]));
}

async function setup() {
  const created = await freshTenant();
  const tenant = await db.tenant.findUniqueOrThrow({ where: { id: created.tenantId } });
  const trade = await insertTrade(tenant.id);
  return { tenant, trade };
}

describe("applyTransition", () => {
  it("runs a whole delivery: escrow funded, settled, paid out; events in order; timeline kept", async () => {
    const { tenant, trade } = await setup();
    const path: [Action, Actor][] = [
      ["escrowPaid", "paymentRail"],
      ["deliveryLabelCreated", "paymentRail"],
      ["shipmentSent", "carrier"],
      ["shipmentDelivered", "carrier"],
      ["acceptCondition", "payer"],
      ["payoutCompleted", "paymentRail"],
    ];
    for (const [action, actor] of path) await act(tenant, trade.id, action, actor);

    const finished = await db.trade.findUniqueOrThrow({ where: { id: trade.id } });
    expect(finished.state).toBe("Released");
    expect(
      finished.contractPaidAt &&
        finished.sentAt &&
        finished.deliveredAt &&
        finished.approvedAt &&
        finished.succeededAt &&
        finished.releasedAt,
    ).toBeTruthy();
    expect(finished.deadlineAt).toBeNull();

    expect(await balances(trade.id)).toEqual({
      payer_funding: -trade.payerTotalMinor,
      escrow: 0n,
      payee_payable: 0n,
      payee_bank: trade.payeePayoutMinor,
      service_revenue: trade.serviceRevenueMinor,
      tenant_revenue: trade.tenantRevenueMinor,
    });
    const transfers = await db.ledgerTransfer.findMany({ where: { tradeId: trade.id }, include: { postings: true } });
    for (const transfer of transfers) expect(transfer.postings.reduce((sum, p) => sum + p.amountMinor, 0n)).toBe(0n);

    const events = await db.outboxEvent.findMany({ where: { tradeId: trade.id }, orderBy: { sequence: "asc" } });
    expect(events.map((e) => e.eventName)).toEqual([
      "trade.created",
      "trade.shipment_label_created",
      "trade.shipment_sent",
      "trade.shipment_delivered",
      "trade.condition_accepted",
      "trade.succeeded",
    ]);
    expect(events.map((e) => e.sequence)).toEqual([...events.map((e) => e.sequence)].sort((a, b) => a - b));
    expect(new Set(events.map((e) => e.sequence)).size).toBe(events.length);
    expect(events[4]?.payload).toMatchObject({
      eventName: "trade.condition_accepted",
      tradeId: trade.id,
      referenceId: trade.referenceId,
      payerMarketplaceUserId: "payer-1",
      payeeMarketplaceUserId: "payee-1",
      metadata: { state: "Succeeded", previousState: "Delivered", sequence: events[4]?.sequence },
    });

    const timeline = await db.tradeTimelineEntry.findMany({
      where: { tradeId: trade.id },
      orderBy: { sequence: "asc" },
    });
    expect(timeline.map((t) => t.toState)).toEqual([
      "AwaitingShipment",
      "LabelCreated",
      "Sent",
      "Delivered",
      "Succeeded",
      "Released",
    ]);
  });

  it("refunds the payer when the tenant cancels after payment, and sets the shipment deadline on payment", async () => {
    const { tenant, trade } = await setup();
    const paidAt = new Date("2030-01-01T00:00:00Z");
    const paid = await act(tenant, trade.id, "escrowPaid", "paymentRail", paidAt);
    expect(paid.trade.deadlineAt?.toISOString()).toBe("2030-01-06T00:00:00.000Z");
    expect(paid.trade.deadlineKind).toBe("shipmentDeadlinePassed");

    await act(tenant, trade.id, "cancel", "tenant");
    expect(await balances(trade.id)).toEqual({
      payer_funding: -trade.payerTotalMinor,
      escrow: 0n,
      payer_refund: trade.payerTotalMinor,
    });
  });

  it("refuses a transition the table does not allow, changing nothing", async () => {
    const { tenant, trade } = await setup();
    await expect(act(tenant, trade.id, "acceptCondition", "payer")).rejects.toThrow(/the trade is `Created`/);
    const unchanged = await db.trade.findUniqueOrThrow({ where: { id: trade.id } });
    expect(unchanged.state).toBe("Created");
    expect(unchanged.sequence).toBe(0);
    expect(await db.outboxEvent.count({ where: { tradeId: trade.id } })).toBe(0);
    expect(await db.tradeTimelineEntry.count({ where: { tradeId: trade.id } })).toBe(0);
  });

  it("lets exactly one of 30 concurrent acceptances win: one settlement, one set of events", async () => {
    const { tenant, trade } = await setup();
    for (const [action, actor] of [
      ["escrowPaid", "paymentRail"],
      ["deliveryLabelCreated", "paymentRail"],
      ["shipmentSent", "carrier"],
      ["shipmentDelivered", "carrier"],
    ] as [Action, Actor][]) {
      await act(tenant, trade.id, action, actor);
    }
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () => act(tenant, trade.id, "acceptCondition", "payer")),
    );
    const won = results.filter((r) => r.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const lost of results.filter((r): r is PromiseRejectedResult => r.status === "rejected")) {
      expect(lost.reason).toBeInstanceOf(AppError);
      expect(["invalid-state", "conflict"]).toContain((lost.reason as AppError).code);
    }
    expect(await db.ledgerTransfer.count({ where: { tradeId: trade.id, kind: "settle" } })).toBe(1);
    expect(await db.outboxEvent.count({ where: { tradeId: trade.id, eventName: "trade.succeeded" } })).toBe(1);
    expect((await balances(trade.id)).payee_payable).toBe(trade.payeePayoutMinor);
  });
});
