// What staff do to trades from the console: only admins, only on their own tenant's trades, only
// where the state allows, with the staff member on the timeline entry and the usual webhooks.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ConsoleForbidden, type StaffContext } from "../../lib/console/auth/staff-session.ts";
import {
  staffCancelTrade,
  staffRedeliverEvent,
  staffResolveDispute,
} from "../../lib/console/trades/staff-trade-actions.ts";
import { applyTransition } from "../helpers/apply-transition.ts";
import type { Action, Actor } from "../../lib/trades/transition-table.ts";
import { addStaff } from "../../lib/tenants/add-staff.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { db, freshTenant } from "../helpers/tenants.ts";
import { TEST_LABEL_SHARES } from "../helpers/trades.ts";

async function staffOf(tenantId: string, role: "admin" | "viewer"): Promise<StaffContext> {
  const added = await addStaff(db, { tenantId, email: `${role}-${randomUUID()}@example.com`, role });
  const staff = await db.staffUser.findUniqueOrThrow({ where: { id: added.staffId }, include: { tenant: true } });
  const { tenant, ...rest } = staff;
  return { staff: rest, tenant, isAdmin: role === "admin" };
}

async function paidTrade() {
  const tenant = await freshTenant();
  const api = tenantClient(tenant.testApiKey);
  await api.connect("seller");
  await api.connect("buyer");
  const { tradeId } = (
    await api.initiate({
      title: "Lamp",
      description: "Brass",
      amount: 400,
      payerFee: 0,
      payeeFee: 0,
      payerMarketplaceUserId: "buyer",
      payeeMarketplaceUserId: "seller",
      successUrl: "https://shop.example/ok",
      cancelUrl: "https://shop.example/no",
    })
  ).json;
  const payment = await api.acceptAndPay("buyer", tradeId);
  await api.completePayment(payment.json.paymentId);
  return { tenant, tradeId: tradeId as string };
}

async function drive(tradeId: string, steps: [Action, Actor][]) {
  for (const [action, actor] of steps) {
    {
      const trade = await db.trade.findUniqueOrThrow({ where: { id: tradeId }, include: { tenant: true } });
      await applyTransition(trade, trade.tenant, action, actor, new Date(), {}, undefined, TEST_LABEL_SHARES[action]);
    }
  }
}

describe("staff actions in the console", () => {
  it("an admin cancels a paid trade: refunded, trade.cancelled, and the timeline names the admin", async () => {
    const { tenant, tradeId } = await paidTrade();
    const admin = await staffOf(tenant.tenantId, "admin");
    expect(await staffCancelTrade(admin, tradeId, "AwaitingShipment")).toEqual({ state: "Cancelled" });
    const entry = await db.tradeTimelineEntry.findFirstOrThrow({ where: { tradeId, action: "cancel" } });
    expect(entry.details).toEqual({ staffId: admin.staff.id, staffEmail: admin.staff.email });
    expect(
      (await db.outboxEvent.findMany({ where: { tradeId }, orderBy: { sequence: "asc" } })).map((e) => e.eventName),
    ).toEqual(["trade.created", "trade.cancelled"]);
    const escrow = await db.ledgerPosting.aggregate({
      where: { tradeId, account: "escrow" },
      _sum: { amountMinor: true },
    });
    expect(escrow._sum.amountMinor).toBe(0n);
  });

  it("refuses a viewer every change, and changes nothing", async () => {
    const { tenant, tradeId } = await paidTrade();
    const viewer = await staffOf(tenant.tenantId, "viewer");
    const event = await db.outboxEvent.findFirstOrThrow({ where: { tradeId } });
    await expect(staffCancelTrade(viewer, tradeId, "AwaitingShipment")).rejects.toBeInstanceOf(ConsoleForbidden);
    await expect(staffResolveDispute(viewer, tradeId, "refund", "AwaitingShipment")).rejects.toBeInstanceOf(
      ConsoleForbidden,
    );
    await expect(staffRedeliverEvent(viewer, event.id)).rejects.toBeInstanceOf(ConsoleForbidden);
    expect((await db.trade.findUniqueOrThrow({ where: { id: tradeId } })).state).toBe("AwaitingShipment");
  });

  it("answers another tenant's trade and event as not found", async () => {
    const { tradeId } = await paidTrade();
    const stranger = await staffOf((await freshTenant()).tenantId, "admin");
    const event = await db.outboxEvent.findFirstOrThrow({ where: { tradeId } });
    await expect(staffCancelTrade(stranger, tradeId, "AwaitingShipment")).rejects.toMatchObject({ code: "not-found" });
    await expect(staffRedeliverEvent(stranger, event.id)).rejects.toMatchObject({ code: "not-found" });
    expect((await db.trade.findUniqueOrThrow({ where: { id: tradeId } })).state).toBe("AwaitingShipment");
  });

  it("does not cancel a trade that moved since the page showed it, nor one already sent", async () => {
    const { tenant, tradeId } = await paidTrade();
    const admin = await staffOf(tenant.tenantId, "admin");
    await expect(staffCancelTrade(admin, tradeId, "Created")).rejects.toMatchObject({ code: "invalid-state" });
    await drive(tradeId, [
      ["deliveryLabelCreated", "paymentRail"],
      ["shipmentSent", "carrier"],
    ]);
    await expect(staffCancelTrade(admin, tradeId, "Sent")).rejects.toMatchObject({ code: "invalid-state" });
  });

  it("decides a dispute: release pays the seller (trade.succeeded), refund returns the money", async () => {
    const toDispute: [Action, Actor][] = [
      ["deliveryLabelCreated", "paymentRail"],
      ["shipmentSent", "carrier"],
      ["shipmentDelivered", "carrier"],
      ["rejectCondition", "payer"],
      ["disputeRejection", "payee"],
    ];
    const released = await paidTrade();
    await drive(released.tradeId, toDispute);
    const admin = await staffOf(released.tenant.tenantId, "admin");
    // The state the page showed is compared, as for every staff action: a page older than the dispute is refused.
    await expect(staffResolveDispute(admin, released.tradeId, "release", "Rejected")).rejects.toMatchObject({
      code: "invalid-state",
    });
    expect(await staffResolveDispute(admin, released.tradeId, "release", "Disputed")).toEqual({ state: "Succeeded" });
    expect(
      (await db.outboxEvent.findFirst({ where: { tradeId: released.tradeId }, orderBy: { sequence: "desc" } }))
        ?.eventName,
    ).toBe("trade.succeeded");

    const refunded = await paidTrade();
    await drive(refunded.tradeId, toDispute);
    expect(
      await staffResolveDispute(
        await staffOf(refunded.tenant.tenantId, "admin"),
        refunded.tradeId,
        "refund",
        "Disputed",
      ),
    ).toEqual({ state: "Returned" });
    await expect(staffResolveDispute(admin, released.tradeId, "refund", "Disputed")).rejects.toMatchObject({
      code: "invalid-state",
    });
  });
});
