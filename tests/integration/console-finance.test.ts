// The console's Finance section through its real endpoint, as a viewer: the worked example of
// docs/money.md (balance, the day's movements, everything reconciled), an earlier day, and each
// kind of disagreement the reconciliation must list, and agreement after a refused payout and a refund.
import "../helpers/next-runtime.ts"; // before any of Next's request-scope modules load
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GET as finance } from "../../app/(console)/console/api/finance/route.ts";
import { POST as createBusinessUser } from "../../app/api/v1/marketplace/business-users/route.ts";
import { tenantNow } from "../../lib/clock.ts";
import { minorUnitsFromNumber } from "../../lib/money/decimal.ts";
import { formatMoney } from "../../lib/money/format.ts";
import { settledArmchair } from "../helpers/armchair.ts";
import { callRoute } from "../helpers/call-route.ts";
import { callConsole } from "../helpers/console-request.ts";
import { staffOf } from "../helpers/staff-context.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

const dkk = (major: number) => formatMoney(minorUnitsFromNumber(major), "DKK");

async function financeOf(tenantId: string, query = "") {
  const viewer = await staffOf(tenantId, "viewer");
  const result = await callConsole(finance, {
    method: "GET",
    path: `/console/api/finance${query}`,
    staffId: viewer.staff.id,
  });
  expect(result.status).toBe(200);
  return result.json;
}

describe("the console's Finance section", () => {
  it("shows the worked example's balance, its day's movements by type, and that everything agrees", async () => {
    const { tenant, tradeId } = await settledArmchair();
    const row = await db.tenant.findUniqueOrThrow({ where: { id: tenant.tenantId } });
    const today = tenantNow(row, "test").toISOString().slice(0, 10);
    const page = await financeOf(tenant.tenantId);
    expect(page.day).toBe(today);
    const fields = Object.fromEntries(
      page.balanceNow[0].fields.map((f: { field: string; amount: string }) => [f.field, f.amount]),
    );
    expect(fields).toEqual({
      heldInEscrow: dkk(0),
      payableToPayees: dkk(0),
      refundsPending: dkk(0),
      payableToCarriers: dkk(49),
      tenantRevenue: dkk(106),
      serviceFees: dkk(0),
    });
    expect(page.balanceNow[0].total).toBe(dkk(155));
    expect(page.balanceAtEndOfDay).toEqual(page.balanceNow);
    const moved = Object.fromEntries(
      page.movements
        .filter((m: { count: number }) => m.count)
        .map((m: { type: string; count: number; net: string }) => [m.type, [m.count, m.net]]),
    );
    expect(moved).toEqual({
      funding: [1, dkk(1285)],
      label: [1, dkk(0)],
      settlement: [1, dkk(-20)],
      payout: [1, dkk(-1110)],
    });
    expect(page.reconciliation).toEqual({
      agree: true,
      counts: { payments: 0, payouts: 0, transfers: 0 },
      disagreements: [],
    });

    const before = await financeOf(tenant.tenantId, "?day=2020-01-01");
    expect(before.balanceAtEndOfDay[0].total).toBe(dkk(0));
    expect(before.movements.every((m: { count: number }) => m.count === 0)).toBe(true);
    expect(before.balanceNow[0].total).toBe(dkk(155));
    // The live mode has its own ledger: nothing of the test trade shows there.
    expect((await financeOf(tenant.tenantId, "?mode=live")).balanceNow[0].total).toBe(dkk(0));
    expect(tradeId).toBeTruthy();
  });

  it("lists a payment record, a payout record or a transfer that disagrees with the ledger", async () => {
    const { tenant, tradeId } = await settledArmchair();
    await db.payment.updateMany({ where: { tradeId, purpose: "Escrow" }, data: { refundedMinor: 0n, state: "Paid" } });
    await db.payment.updateMany({ where: { tradeId, purpose: "DeliveryLabel" }, data: { amountMinor: 100n } });
    const paid = await db.payout.findFirstOrThrow({ where: { tradeId, state: "Paid" } });
    await db.payout.create({ data: { ...paid, id: randomUUID(), attempt: paid.attempt + 1 } });
    const transfer = await db.ledgerTransfer.create({
      data: { tenantId: tenant.tenantId, mode: "test", tradeId, kind: "payout", currency: "DKK" },
    });
    await db.ledgerPosting.create({
      data: { transferId: transfer.id, tenantId: tenant.tenantId, tradeId, account: "payee_bank", amountMinor: 100n },
    });

    const { reconciliation } = await financeOf(tenant.tenantId);
    expect(reconciliation.agree).toBe(false);
    expect(reconciliation.counts).toEqual({ payments: 1, payouts: 1, transfers: 1 });
    const byCheck = Object.fromEntries(reconciliation.disagreements.map((d: { check: string }) => [d.check, d]));
    expect(byCheck.payments).toMatchObject({
      tradeId,
      figures: [
        { label: "Paid in", ledger: dkk(1285), records: dkk(1285) },
        { label: "Refunded", ledger: dkk(20), records: dkk(0) },
        { label: "Labels paid", ledger: dkk(0), records: dkk(1) },
      ],
    });
    expect(byCheck.payouts).toMatchObject({
      tradeId,
      note: "2 payouts are Paid for this trade.",
      figures: [{ label: "Paid out", ledger: dkk(1111), records: dkk(2220) }],
    });
    expect(byCheck.transfers).toMatchObject({ tradeId, note: `Transfer ${transfer.id} does not balance.` });
  });

  it("agrees with a payout the bank refused (still owed) and a paid trade cancelled (refunded)", async () => {
    const tenant = await freshTenant({ allowedBusinessIds: ["12345678"] });
    const api = tenantClient(tenant.testApiKey);
    await api.connect("seller");
    await api.connect("buyer");
    const business = {
      businessId: "12345678",
      businessLocationId: "1000000001",
      name: "Bike Shop ApS",
      phoneNumber: "+4512345678",
      address: { streetName: "Gade", houseNumber: "1", city: "Aarhus", postNumber: "8000" },
    };
    // An account the simulated rail's bank refuses (docs/money.md, Payouts).
    const created = await callRoute(createBusinessUser, {
      method: "POST",
      path: "/api/v1/marketplace/business-users",
      token: tenant.testApiKey,
      body: { ...business, payoutsAccountNumber: "DK6800400440110002" },
    });
    expect(created.status).toBe(200);
    const trade = {
      title: "Bike",
      description: "Road bike",
      amount: 1000,
      payerFee: 0,
      payerFixedFee: 0,
      payeeFee: 5,
      payeeFixedFee: 0,
      payerMarketplaceUserId: "buyer",
      payeeMarketplaceUserId: "seller",
      successUrl: "https://shop.example/ok",
      cancelUrl: "https://shop.example/cancel",
      deliveryByHandAllowed: true,
    };
    const sold = (
      await api.initiate({
        ...trade,
        prioritizedPayees: [{ businessId: business.businessId, businessLocationId: business.businessLocationId }],
      })
    ).json.tradeId;
    await api.completePayment((await api.acceptAndPay("buyer", sold)).json.paymentId);
    expect((await api.acceptCondition("buyer", sold)).json.state).toBe("Succeeded");
    await api.advanceClock(1);
    expect(await db.payout.count({ where: { tradeId: sold, state: "Failed" } })).toBe(1);
    const cancelled = (await api.initiate(trade)).json.tradeId;
    await api.completePayment((await api.acceptAndPay("buyer", cancelled)).json.paymentId);
    expect((await api.cancel(cancelled, "AwaitingShipment")).status).toBe(200);

    const page = await financeOf(tenant.tenantId);
    const fields = Object.fromEntries(
      page.balanceNow[0].fields.map((f: { field: string; amount: string }) => [f.field, f.amount]),
    );
    expect(fields).toMatchObject({ heldInEscrow: dkk(0), payableToPayees: dkk(950), tenantRevenue: dkk(50) });
    expect(page.reconciliation).toEqual({
      agree: true,
      counts: { payments: 0, payouts: 0, transfers: 0 },
      disagreements: [],
    });
  });
});
