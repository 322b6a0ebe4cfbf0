// The balance and balance transactions (decisions.md §9) through their route handlers: the worked
// example of docs/money.md step by step, paging, filters, `at`, and tenant and mode isolation.
import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { GET as balanceTransactions } from "../../app/api/v1/marketplace/balance-transactions/route.ts";
import { GET as balance } from "../../app/api/v1/marketplace/balance/route.ts";
import { callRoute, expectErrorRecord } from "../helpers/call-route.ts";
import { armchair, ARMCHAIR_TRADE } from "../helpers/armchair.ts";
import { freshTenant } from "../helpers/tenants.ts";

const getBalance = (token: string, query = "") =>
  callRoute(balance, { path: `/api/v1/marketplace/balance${query}`, token });
const getTransactions = (token: string, query = "") =>
  callRoute(balanceTransactions, { path: `/api/v1/marketplace/balance-transactions${query}`, token });
const dkk = async (token: string, query = "") =>
  (await getBalance(token, query)).json.balances.find((b: { currency: string }) => b.currency === "DKK");
const ZERO = {
  heldInEscrow: 0,
  payableToPayees: 0,
  refundsPending: 0,
  payableToCarriers: 0,
  tenantRevenue: 0,
  serviceFees: 0,
  total: 0,
};

describe("the worked example of docs/money.md", () => {
  it("moves the balance as the document says, and the balance transactions add up to it at every step", async () => {
    const { tenant, api, tradeId } = await armchair();
    const token = tenant.testApiKey;
    expect(await dkk(token)).toEqual({ currency: "DKK", ...ZERO });

    const payment = (await api.acceptAndPay("buyer", tradeId)).json;
    await api.completePayment(payment.paymentId);
    expect(await dkk(token)).toEqual({ currency: "DKK", ...ZERO, heldInEscrow: 1285, total: 1285 });

    await api.buyDelivery("seller", tradeId, { price: 49, shipmentProviderId: "gls", expectedMaxWeightInGrams: 8000 });
    expect(await dkk(token)).toEqual({
      currency: "DKK",
      ...ZERO,
      heldInEscrow: 1236,
      payableToCarriers: 49,
      total: 1285,
    });

    const labelId = (await api.trade("seller", tradeId)).json.phases.delivery.labelId;
    await api.track(labelId, "sent");
    await api.track(labelId, "delivered");
    await api.rejectCondition("buyer", tradeId, "Stained seat");
    expect((await api.settle(tradeId, { refundAmount: 20, reason: "20 off for the stained seat" })).status).toBe(200);
    expect(await dkk(token)).toEqual({
      currency: "DKK",
      ...ZERO,
      payableToPayees: 1110,
      payableToCarriers: 49,
      tenantRevenue: 106,
      total: 1265,
    });

    await api.advanceClock(1); // the payout
    const final = await dkk(token);
    expect(final).toEqual({ currency: "DKK", ...ZERO, payableToCarriers: 49, tenantRevenue: 106, total: 155 });

    const listed = (await getTransactions(token)).json;
    expect(listed.hasMore).toBe(false);
    expect(listed.balanceTransactions.map((t: { type: string; amount: number }) => [t.type, t.amount])).toEqual([
      ["payout", -1110],
      ["settlement", -20],
      ["label", 0],
      ["funding", 1285],
    ]);
    expect(
      listed.balanceTransactions.every(
        (t: { tradeId: string; currency: string }) => t.tradeId === tradeId && t.currency === "DKK",
      ),
    ).toBe(true);
    expect(listed.balanceTransactions[1].postings).toEqual([
      { account: "escrow", amount: -1236 },
      { account: "payee_payable", amount: 1110 },
      { account: "tenant_revenue", amount: 106 },
      { account: "payer_refund", amount: 20 },
    ]);
    // Sums in minor units: exact.
    const sum = listed.balanceTransactions.reduce(
      (total: number, t: { amount: number }) => total + Math.round(t.amount * 100),
      0,
    );
    expect(sum).toBe(Math.round(final.total * 100));

    // The balance at the settlement's moment is the sum of the transactions up to it.
    const settlement = listed.balanceTransactions[1];
    const at = await dkk(token, `?at=${encodeURIComponent(settlement.createdAt)}`);
    expect(at).toMatchObject({
      heldInEscrow: 0,
      payableToPayees: 1110,
      tenantRevenue: 106,
      payableToCarriers: 49,
      total: 1265,
    });
    expect(await dkk(token, "?at=2000-01-01T00:00:00Z")).toEqual({ currency: "DKK", ...ZERO });
  });
});

describe("balance transactions", () => {
  it("pages with startingAfter and limit, and filters by type, trade and time", async () => {
    const { tenant, api, tradeId } = await armchair();
    const token = tenant.testApiKey;
    const payment = (await api.acceptAndPay("buyer", tradeId)).json;
    await api.completePayment(payment.paymentId);
    await api.buyDelivery("seller", tradeId, { price: 49, shipmentProviderId: "gls", expectedMaxWeightInGrams: 8000 });
    await api.cancel(tradeId, "LabelCreated");

    const all = (await getTransactions(token)).json.balanceTransactions;
    expect(all.map((t: { type: string }) => t.type)).toEqual(["refund", "label", "funding"]);
    const first = (await getTransactions(token, "?limit=2")).json;
    expect(first.hasMore).toBe(true);
    expect(first.balanceTransactions.map((t: { id: string }) => t.id)).toEqual([all[0].id, all[1].id]);
    const second = (await getTransactions(token, `?limit=2&startingAfter=${all[1].id}`)).json;
    expect(second).toEqual({ balanceTransactions: [all[2]], hasMore: false });

    expect((await getTransactions(token, "?type=funding")).json.balanceTransactions).toEqual([all[2]]);
    expect((await getTransactions(token, "?tradeId=another")).json.balanceTransactions).toEqual([]);
    expect(
      (await getTransactions(token, `?from=${encodeURIComponent(all[0].createdAt)}`)).json.balanceTransactions[0],
    ).toEqual(all[0]);
    expect((await getTransactions(token, "?to=2000-01-01T00:00:00Z")).json.balanceTransactions).toEqual([]);
    expectErrorRecord(await getTransactions(token, "?startingAfter=never-issued"), 400, "validation-error");
    expectErrorRecord(await getTransactions(token, "?limit=101"), 400, "validation-error");
  });

  it("shows nothing of one tenant to another, nor of test mode to live", async () => {
    const { tenant, api, tradeId } = await armchair();
    const payment = (await api.acceptAndPay("buyer", tradeId)).json;
    await api.completePayment(payment.paymentId);
    const own = (await getTransactions(tenant.testApiKey)).json.balanceTransactions;
    expect(own).toHaveLength(1);

    const other = await freshTenant();
    expect((await getTransactions(other.testApiKey)).json.balanceTransactions).toEqual([]);
    expect(await dkk(other.testApiKey)).toEqual({ currency: "DKK", ...ZERO });
    expectErrorRecord(await getTransactions(other.testApiKey, `?startingAfter=${own[0].id}`), 400, "validation-error");
    expect((await getTransactions(tenant.liveApiKey)).json.balanceTransactions).toEqual([]);
    expect(await dkk(tenant.liveApiKey)).toEqual({ currency: "DKK", ...ZERO });
  });
});

describe("the cost of a request", () => {
  /**
   * Statements on the ledger's tables sent while `call` runs (the pg client under Prisma). Only
   * those: authentication and the request log write on their own schedule (once a minute, after
   * the answer), which would make a count of everything flaky.
   */
  async function statements(call: () => Promise<unknown>): Promise<number> {
    const spy = vi.spyOn(pg.Client.prototype, "query");
    try {
      await call();
      const text = (args: unknown[]) =>
        typeof args[0] === "string" ? args[0] : ((args[0] as { text?: string } | undefined)?.text ?? "");
      return spy.mock.calls.filter((args) => text(args).includes('"Ledger')).length;
    } finally {
      spy.mockRestore();
    }
  }

  it("is the same number of queries for one trade's transactions as for four trades'", async () => {
    const small = await armchair();
    const large = await armchair();
    await small.api.completePayment((await small.api.acceptAndPay("buyer", small.tradeId)).json.paymentId);
    const more = await Promise.all(
      [0, 1, 2].map(async () => (await large.api.initiate(ARMCHAIR_TRADE)).json.tradeId as string),
    );
    for (const tradeId of [large.tradeId, ...more])
      await large.api.completePayment((await large.api.acceptAndPay("buyer", tradeId)).json.paymentId);
    const page = (await getTransactions(large.tenant.testApiKey, "?limit=2")).json;
    expect(page.hasMore).toBe(true);
    const cursor = `?limit=2&startingAfter=${page.balanceTransactions[1].id}`;
    const smallCursor = `?limit=2&startingAfter=${(await getTransactions(small.tenant.testApiKey)).json.balanceTransactions[0].id}`;
    const listing = await statements(() => getTransactions(large.tenant.testApiKey, cursor));
    expect(listing).toBe(3); // the cursor's row, the page, the page's postings
    expect(listing).toBe(await statements(() => getTransactions(small.tenant.testApiKey, smallCursor)));
    expect(await statements(() => getBalance(large.tenant.testApiKey, "?at=2099-01-01T00:00:00Z"))).toBe(1);
    expect(await statements(() => getBalance(large.tenant.testApiKey))).toBe(
      await statements(() => getBalance(small.tenant.testApiKey)),
    );
  });
});
