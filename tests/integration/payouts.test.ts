// Payouts as records (decisions.md §9): one row per try, Pending → Paid or Failed through the
// payment rail; a refused payout keeps the money owed and is tried again, to a new account, as a
// new payout; never paid twice; the API lists and reads them per tenant and mode; payout.paid and
// payout.failed carry the payout's id. The simulated rail refuses accounts ending in 0002.
import { describe, expect, it } from "vitest";
import { POST as createBusinessUser } from "../../app/api/v1/marketplace/business-users/route.ts";
import { PUT as editBusinessUser } from "../../app/api/v1/marketplace/business-users/[businessId]/[businessLocationId]/route.ts";
import { GET as getPayout } from "../../app/api/v1/marketplace/payouts/[payoutId]/route.ts";
import { GET as listPayouts } from "../../app/api/v1/marketplace/payouts/route.ts";
import { fireDueDeadlines } from "../../lib/jobs/fire-deadlines.ts";
import { callRoute, expectErrorRecord } from "../helpers/call-route.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

const REFUSED_IBAN = "DK6800400440110002"; // a valid IBAN the simulated rail's bank refuses
const GOOD_IBAN = "DK5000400440116243";
const business = {
  businessId: "12345678",
  businessLocationId: "1000000001",
  name: "Bike Shop ApS",
  phoneNumber: "+4512345678",
  address: { streetName: "Gade", houseNumber: "1", city: "Aarhus", postNumber: "8000" },
};

async function settledTrade(options: { businessAccount?: string } = {}) {
  const tenant = await freshTenant({ allowedBusinessIds: ["12345678"] });
  const api = tenantClient(tenant.testApiKey);
  await api.connect("seller");
  await api.connect("buyer");
  if (options.businessAccount) {
    const created = await callRoute(createBusinessUser, {
      method: "POST",
      path: "/api/v1/marketplace/business-users",
      token: tenant.testApiKey,
      body: { ...business, payoutsAccountNumber: options.businessAccount },
    });
    expect(created.status).toBe(200);
  }
  const { tradeId } = (
    await api.initiate({
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
      ...(options.businessAccount
        ? { prioritizedPayees: [{ businessId: business.businessId, businessLocationId: business.businessLocationId }] }
        : {}),
    })
  ).json;
  const payment = (await api.acceptAndPay("buyer", tradeId)).json;
  await api.completePayment(payment.paymentId);
  expect((await api.acceptCondition("buyer", tradeId)).json.state).toBe("Succeeded"); // handed over in person
  const payouts = (query = "") =>
    callRoute(listPayouts, { path: `/api/v1/marketplace/payouts${query}`, token: tenant.testApiKey });
  const payout = (id: string, token = tenant.testApiKey) =>
    callRoute(getPayout, { path: `/api/v1/marketplace/payouts/${id}`, params: { payoutId: id }, token });
  return { tenant, api, tradeId: tradeId as string, payouts, payout };
}

const payoutEvents = async (tradeId: string) =>
  (
    await db.outboxEvent.findMany({
      where: { tradeId, eventName: { startsWith: "payout." } },
      orderBy: { sequence: "asc" },
    })
  ).map((e) => ({ name: e.eventName, payoutId: (e.payload as { metadata: { payoutId: string } }).metadata.payoutId }));

describe("payouts", () => {
  it("a settled trade's payout is a Paid record with the masked account and the statement's reference, and payout.paid", async () => {
    const { api, tradeId, payouts, payout } = await settledTrade();
    await api.advanceClock(1);
    expect((await api.trade("seller", tradeId)).json.state).toBe("Released");
    const list = (await payouts()).json;
    expect(list.pagination).toEqual({ pageSize: 20, page: 1, totalCount: 1 });
    const [record] = list.payouts;
    expect(record).toMatchObject({
      tradeId,
      recipient: { marketplaceUserId: "seller" },
      amount: 950,
      currency: "DKK",
      bankAccount: "•••• 6243",
      state: "Paid",
      failureReason: null,
    });
    expect(record.reference).toMatch(/^ESCROW-[0-9A-F]{8}-1$/);
    expect(Date.parse(record.paidAt)).toBeGreaterThanOrEqual(Date.parse(record.createdAt));
    expect((await payout(record.payoutId)).json).toEqual(record);
    expect(await payoutEvents(tradeId)).toEqual([{ name: "payout.paid", payoutId: record.payoutId }]);
    const event = await db.outboxEvent.findFirstOrThrow({ where: { tradeId, eventName: "payout.paid" } });
    expect(event.payload).toMatchObject({
      eventName: "payout.paid",
      tradeId,
      payeeMarketplaceUserId: "seller",
      metadata: { state: "Released", payoutId: record.payoutId },
    });
  });

  it("a payout the bank refuses is Failed, keeps the money owed, and is tried again as a new payout once the account changes", async () => {
    const { tenant, api, tradeId, payouts } = await settledTrade({ businessAccount: REFUSED_IBAN });
    await api.advanceClock(1);
    const trade = await db.trade.findUniqueOrThrow({ where: { id: tradeId } });
    expect({ state: trade.state, deadlineAt: trade.deadlineAt }).toEqual({ state: "Succeeded", deadlineAt: null });
    const [failed] = (await payouts("?state=Failed")).json.payouts;
    expect(failed).toMatchObject({
      tradeId,
      recipient: { businessId: "12345678", businessLocationId: "1000000001" },
      amount: 950,
      bankAccount: "•••• 0002",
      state: "Failed",
      paidAt: null,
    });
    expect(failed.failureReason).toMatch(/refused/);
    const owed = await db.ledgerPosting.aggregate({
      where: { tradeId, account: "payee_payable" },
      _sum: { amountMinor: true },
    });
    expect(owed._sum.amountMinor).toBe(95000n);
    // Nothing more happens until the account changes.
    await api.advanceClock(3600);
    expect((await payouts()).json.pagination.totalCount).toBe(1);

    const edited = await callRoute(editBusinessUser, {
      method: "PUT",
      path: "/api/v1/marketplace/business-users/12345678/1000000001",
      params: { businessId: "12345678", businessLocationId: "1000000001" },
      token: tenant.testApiKey,
      body: {
        name: business.name,
        phoneNumber: business.phoneNumber,
        address: business.address,
        payoutsAccountNumber: GOOD_IBAN,
      },
    });
    expect(edited.status).toBe(200);
    await api.advanceClock(1);
    expect((await api.trade("seller", tradeId)).json.state).toBe("Released");
    const all = (await payouts()).json.payouts;
    expect(
      all.map((p: { state: string; bankAccount: string; reference: string }) => [
        p.state,
        p.bankAccount,
        p.reference.slice(-2),
      ]),
    ).toEqual([
      ["Paid", "•••• 6243", "-2"],
      ["Failed", "•••• 0002", "-1"],
    ]);
    expect(await payoutEvents(tradeId)).toEqual([
      { name: "payout.failed", payoutId: failed.payoutId },
      { name: "payout.paid", payoutId: all[0].payoutId },
    ]);
    const bank = await db.ledgerPosting.aggregate({
      where: { tradeId, account: "payee_bank" },
      _sum: { amountMinor: true },
    });
    expect(bank._sum.amountMinor).toBe(95000n);
  });

  it("is paid once however many schedulers run at the same time", async () => {
    const { tenant, tradeId, payouts } = await settledTrade();
    await db.tenant.update({ where: { id: tenant.tenantId }, data: { sandboxClockOffsetSeconds: { increment: 5 } } });
    await Promise.all(Array.from({ length: 6 }, () => fireDueDeadlines({ tenantId: tenant.tenantId, mode: "test" })));
    expect((await payouts()).json.payouts.map((p: { state: string }) => p.state)).toEqual(["Paid"]);
    expect(await db.ledgerTransfer.count({ where: { tradeId, kind: "payout" } })).toBe(1);
    expect((await payoutEvents(tradeId)).map((e) => e.name)).toEqual(["payout.paid"]);
  });

  it("is paid once when several sandbox clocks wait for each other's lock", async () => {
    const { tenant, tradeId, payouts } = await settledTrade();
    await db.tenant.update({ where: { id: tenant.tenantId }, data: { sandboxClockOffsetSeconds: { increment: 5 } } });
    const only = { tenantId: tenant.tenantId, mode: "test" } as const;
    const rounds = await Promise.all(
      Array.from({ length: 6 }, () => fireDueDeadlines(only, { waitForHeldTrades: true })),
    );
    expect(rounds.flat().filter((f) => f.action === "payoutCompleted" && f.state === "Released")).toHaveLength(1);
    expect((await payouts()).json.payouts.map((p: { state: string }) => p.state)).toEqual(["Paid"]);
    expect(await db.ledgerTransfer.count({ where: { tradeId, kind: "payout" } })).toBe(1);
    expect((await payoutEvents(tradeId)).map((e) => e.name)).toEqual(["payout.paid"]);
  });

  // The scheduler may hold the trade when a sandbox user advances the clock; the answer must not
  // come before the payout it lists (or leaves out, as the scheduler's) is done. On PostgreSQL the
  // lock is held by a real second connection; the embedded database runs one transaction at a time.
  it("the sandbox clock waits for a trade held elsewhere and answers with its payout done", async () => {
    const { api, tradeId, payouts } = await settledTrade();
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holding = db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1 FROM "Trade" WHERE "id" = ${tradeId} FOR UPDATE`;
      locked();
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await lockTaken;
    const advanced = await api.advanceClock(5);
    await holding;
    expect(advanced.json.fired).toEqual([{ tradeId, action: "payoutCompleted", state: "Released" }]);
    expect((await payouts()).json.payouts.map((p: { state: string }) => p.state)).toEqual(["Paid"]);
    expect((await api.trade("seller", tradeId)).json.state).toBe("Released");
  });

  it("filters by state, trade and time; refuses bad filters; another tenant and the live mode see none", async () => {
    const { tenant, api, tradeId, payouts, payout } = await settledTrade();
    await api.advanceClock(1);
    const [paid] = (await payouts()).json.payouts;
    expect((await payouts(`?tradeId=${tradeId}`)).json.payouts).toHaveLength(1);
    expect((await payouts("?tradeId=other")).json.payouts).toHaveLength(0);
    expect((await payouts("?state=Failed")).json.payouts).toHaveLength(0);
    const created = Date.parse(paid.createdAt);
    expect((await payouts(`?from=${new Date(created).toISOString()}`)).json.payouts).toHaveLength(1);
    expect((await payouts(`?to=${new Date(created).toISOString()}`)).json.payouts).toHaveLength(0);
    for (const bad of ["?state=Lost", "?from=yesterday", "?pageSize=101", "?page=0", "?colour=red"])
      expectErrorRecord(await payouts(bad), 400, "validation-error");

    const other = await freshTenant();
    expectErrorRecord(await payout(paid.payoutId, other.testApiKey), 404, "not-found");
    expect(
      (await callRoute(listPayouts, { path: "/api/v1/marketplace/payouts", token: other.testApiKey })).json.payouts,
    ).toEqual([]);
    expectErrorRecord(await payout(paid.payoutId, tenant.liveApiKey), 404, "not-found");
  });
});
