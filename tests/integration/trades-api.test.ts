// Initiate trade, Get trades and Get trade details through their route handlers.
import { describe, expect, it } from "vitest";
import { POST as initiate } from "../../app/api/v1/marketplace/trades/initiate/route.ts";
import { GET as listTrades } from "../../app/api/v1/marketplace/users/[marketplaceUserId]/trades/route.ts";
import { GET as tradeDetails } from "../../app/api/v1/marketplace/users/[marketplaceUserId]/trades/[tradeId]/route.ts";
import { POST as sandboxConnect } from "../../app/api/v1/sandbox/users/[marketplaceUserId]/connect/route.ts";
import { callRoute, expectErrorRecord } from "../helpers/call-route.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

const body = (overrides: Record<string, unknown> = {}) => ({
  title: "Road bike",
  description: "Aluminium frame, 56 cm",
  amount: 100.005,
  payerFee: 2.5,
  payerFixedFee: 5,
  payeeFee: 5,
  payeeFixedFee: 0,
  payerMarketplaceUserId: "buyer",
  payeeMarketplaceUserId: "seller",
  referenceId: "order-1",
  successUrl: "https://shop.example/ok",
  cancelUrl: "https://shop.example/cancel",
  imageUrls: ["https://shop.example/bike.jpg"],
  ...overrides,
});

async function tenantWithSeller() {
  const tenant = await freshTenant();
  const connected = await callRoute(sandboxConnect, {
    method: "POST",
    path: "/api/v1/sandbox/users/seller/connect",
    params: { marketplaceUserId: "seller" },
    token: tenant.testApiKey,
    body: { kycLevel: 1 },
  });
  expect(connected.status).toBe(200);
  return tenant;
}

const start = (token: string, payload: unknown) =>
  callRoute(initiate, { method: "POST", path: "/api/v1/marketplace/trades/initiate", token, body: payload });
const details = (token: string, user: string, tradeId: string, headers: Record<string, string> = {}) =>
  callRoute(tradeDetails, {
    path: `/api/v1/marketplace/users/${user}/trades/${tradeId}`,
    params: { marketplaceUserId: user, tradeId },
    token,
    headers,
  });

describe("Initiate trade", () => {
  it("creates a Created trade with exact money and a checkout address, and no webhook yet", async () => {
    const tenant = await tenantWithSeller();
    const result = await start(tenant.testApiKey, body());
    expect(result.status).toBe(200);
    expect(result.json).toEqual({
      tradeId: expect.any(String),
      redirectUrl: expect.stringMatching(/^https:\/\/escrow\.test\/checkout\//),
    });

    const trade = await db.trade.findUniqueOrThrow({ where: { id: result.json.tradeId } });
    expect(trade).toMatchObject({
      state: "Created",
      amountMinor: 10001n,
      payerFeeMinor: 250n,
      payerFixedFeeMinor: 500n,
      payerTotalMinor: 10751n,
      payeeFeeMinor: 500n,
      payeePayoutMinor: 9501n,
      deadlineKind: "expireUnpaid",
    });
    expect(await db.outboxEvent.count({ where: { tradeId: trade.id } })).toBe(0);

    const view = await details(tenant.testApiKey, "buyer", trade.id);
    expect(view.status).toBe(200);
    expect(view.json).toMatchObject({
      tradeId: trade.id,
      state: "Created",
      price: 100.01,
      referenceId: "order-1",
      createdBy: "seller",
      images: [{ url: "https://shop.example/bike.jpg" }],
      payer: {
        serviceUserId: "",
        fees: { fixedAmount: 5, variableAmount: 2.5, variablePercentage: 2.5, amount: 7.5 },
        status: { hasPendingAction: true, actions: expect.arrayContaining([{ type: 1, text: "Pay" }]) },
      },
      payee: {
        name: "Sandbox User seller",
        fees: { variableAmount: 5, amount: 5 },
        status: { hasPendingAction: false },
      },
      phases: { contract: { amount: 107.51, paid: "" }, delivery: null, return: null, finished: null },
    });
    expect(view.json.payer.status.deadline).toBe(trade.deadlineAt?.toISOString());
    expect(view.json.payer.timeline[0]).toMatchObject({ id: 1, state: 1, title: "Trade created" });
    expect(view.json.payer.timeline[1]).toMatchObject({ id: 2, state: 2 });

    const danish = await details(tenant.testApiKey, "seller", trade.id, { "Accept-Language": "da-DK,da;q=0.9" });
    expect(danish.json.payee.status.title).toBe("Venter på, at køber betaler");
  });

  it("needs a connected payee, distinct parties, and fees within the limits", async () => {
    const tenant = await freshTenant();
    expectErrorRecord(await start(tenant.testApiKey, body()), 409, "payee-not-connected");
    const connected = await tenantWithSeller();
    expectErrorRecord(
      await start(connected.testApiKey, body({ payerMarketplaceUserId: "seller" })),
      400,
      "validation-error",
    );
    const fees = expectErrorRecord(
      await start(connected.testApiKey, body({ payeeFee: 100, payeeFixedFee: 1 })),
      400,
      "validation-error",
    );
    expect(fees.errors[0]?.key).toBe("payeeFixedFee");
    const limits = expectErrorRecord(
      await start(
        connected.testApiKey,
        body({ amount: 4.99, title: "", payerFee: 101, shipping: { paidBy: "Nobody" } }),
      ),
      400,
      "validation-error",
    );
    expect(limits.errors.map((e) => e.key).sort()).toEqual(["amount", "payerFee", "shipping.paidBy", "title"]);
    expect(await db.trade.count({ where: { tenantId: connected.tenantId } })).toBe(0);
  });

  it("holds a checkout key for one live trade, naming it in the 409, even under 20 concurrent requests", async () => {
    const tenant = await tenantWithSeller();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => start(tenant.testApiKey, body({ checkoutUniquenessKey: "cart-42" }))),
    );
    const created = results.filter((r) => r.status === 200);
    expect(created).toHaveLength(1);
    for (const refused of results.filter((r) => r.status !== 200)) {
      expect(expectErrorRecord(refused, 409, "conflict").detail).toContain(created[0]!.json.tradeId);
    }
    expect(await db.trade.count({ where: { tenantId: tenant.tenantId } })).toBe(1);
    // The deprecated key is held the same way, independently.
    expect((await start(tenant.testApiKey, body({ checkoutIdempotencyKey: "cart-42" }))).status).toBe(200);
    expectErrorRecord(await start(tenant.testApiKey, body({ checkoutIdempotencyKey: "cart-42" })), 409, "conflict");
  });
});

describe("Get trades", () => {
  it("pages the user's trades newest first on either side, with filters and a total", async () => {
    const tenant = await tenantWithSeller();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await start(tenant.testApiKey, body({ referenceId: `r${i}` }))).json.tradeId);
    const list = (user: string, query = "") =>
      callRoute(listTrades, {
        path: `/api/v1/marketplace/users/${user}/trades${query}`,
        params: { marketplaceUserId: user },
        token: tenant.testApiKey,
      });

    const first = await list("buyer", "?pageSize=2");
    expect(first.json.pagination).toEqual({ page: 1, pageSize: 2, totalCount: 5 });
    expect(first.json.trades.map((t: { tradeId: string }) => t.tradeId)).toEqual([ids[4], ids[3]]);
    const last = await list("buyer", "?pageSize=2&page=3");
    expect(last.json.trades.map((t: { tradeId: string }) => t.tradeId)).toEqual([ids[0]]);
    expect((await list("seller", "?role=payee")).json.pagination.totalCount).toBe(5);
    expect((await list("seller", "?role=payer")).json.pagination.totalCount).toBe(0);
    expect((await list("buyer", "?state=Cancelled")).json.pagination.totalCount).toBe(0);
    expect((await list("nobody")).json).toEqual({ trades: [], pagination: { page: 1, pageSize: 20, totalCount: 0 } });
    expectErrorRecord(await list("buyer", "?pageSize=101"), 400, "validation-error");
    expectErrorRecord(await list("buyer", "?state=Nope"), 400, "validation-error");
  });

  it("counts from the party counters exactly: concurrent initiates, roles, a state filter, deleted trades", async () => {
    const tenant = await tenantWithSeller();
    const list = (user: string, query = "") =>
      callRoute(listTrades, {
        path: `/api/v1/marketplace/users/${user}/trades${query}`,
        params: { marketplaceUserId: user },
        token: tenant.testApiKey,
      });
    // Twenty at once: on PostgreSQL each statement's trigger adds to the same two counter rows.
    const started = await Promise.all(Array.from({ length: 20 }, () => start(tenant.testApiKey, body())));
    expect(started.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect((await list("buyer")).json.pagination.totalCount).toBe(20);
    expect((await list("seller", "?role=payee")).json.pagination.totalCount).toBe(20);
    expect((await list("seller", "?role=payer")).json.pagination.totalCount).toBe(0);
    expect((await list("buyer", "?state=Created")).json.pagination.totalCount).toBe(20);

    // A deleted trade (its party rows go with it) is no longer counted.
    const gone = started.slice(0, 3).map((r) => r.json.tradeId as string);
    await db.trade.deleteMany({ where: { id: { in: gone } } });
    expect((await list("buyer")).json.pagination.totalCount).toBe(17);
    expect((await list("seller")).json.pagination.totalCount).toBe(17);
    const counters = await db.tradePartyCount.findMany({
      where: { tenantId: tenant.tenantId },
      select: { marketplaceUserId: true, role: true, count: true },
      orderBy: { role: "asc" },
    });
    const parties = await db.tradeParty.groupBy({
      by: ["marketplaceUserId", "role"],
      where: { tenantId: tenant.tenantId },
      _count: true,
      orderBy: { role: "asc" },
    });
    expect(counters).toEqual(
      parties.map((p) => ({ marketplaceUserId: p.marketplaceUserId, role: p.role, count: p._count })),
    );
  });

  it("shows a trade only to its parties and its tenant", async () => {
    const tenant = await tenantWithSeller();
    const other = await freshTenant();
    const { tradeId } = (await start(tenant.testApiKey, body())).json;
    expectErrorRecord(await details(tenant.testApiKey, "stranger", tradeId), 404, "not-found");
    expectErrorRecord(await details(other.testApiKey, "buyer", tradeId), 404, "not-found");
    expectErrorRecord(await details(tenant.liveApiKey, "buyer", tradeId), 404, "not-found");
  });
});
