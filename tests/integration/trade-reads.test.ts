// The API's hot reads are plain SQL (lib/trades/trade-reads.ts, lib/auth/authenticate.ts on
// lib/db/sql.ts). They must return exactly what
// Prisma's typed reads return — same fields, same values, same types (BigInt, Decimal, Date, JSON,
// enums as strings) — for trades in every phase, with labels, and for connected users with their
// service accounts; and the page function must agree with the same query written in Prisma.
import { beforeAll, describe, expect, it } from "vitest";
import { authenticate } from "../../lib/auth/authenticate.ts";
import { findUserTrade, labelsOfTrades, partyAccounts, userTradePage } from "../../lib/trades/trade-reads.ts";
import { buildWorld } from "../helpers/api-world.ts";
import { db } from "../helpers/tenants.ts";

/** Field by field, with each value's type: a Decimal read as a string (or a BigInt as a number) fails. */
function typed(row: object): Record<string, [string, string]> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      [
        value === null ? "null" : (value as object).constructor.name,
        JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? `${v}n` : v)),
      ],
    ]),
  );
}

let world: Awaited<ReturnType<typeof buildWorld>>;
beforeAll(async () => {
  world = await buildWorld();
}, 120_000);

describe("trade reads in plain SQL", () => {
  it("authenticate reads the token's tenant exactly as Prisma does", async () => {
    const context = await authenticate(
      new Request("http://x/api/v1/x", { headers: { authorization: `Bearer ${world.tenant.testApiKey}` } }),
    );
    expect(context.mode).toBe("test");
    expect(typed(context.tenant)).toEqual(
      typed(await db.tenant.findUniqueOrThrow({ where: { id: world.tenant.tenantId } })),
    );
  });

  it("read every trade exactly as Prisma does, and only for its own payer or payee", async () => {
    const scope = { tenantId: world.tenant.tenantId, mode: "test" as const };
    const ids = Object.values(world.trades);
    expect(ids.length).toBeGreaterThanOrEqual(6);
    for (const id of ids) {
      const expected = await db.trade.findUniqueOrThrow({ where: { id } });
      expect(typed((await findUserTrade(scope, "buyer", id))!)).toEqual(typed(expected));
      expect(typed((await findUserTrade(scope, "seller", id))!)).toEqual(typed(expected));
      expect(await findUserTrade(scope, "user-4711", id)).toBeNull();
      expect(await findUserTrade({ ...scope, mode: "live" }, "buyer", id)).toBeNull();
    }
  });

  it("read labels and the parties' service accounts exactly as Prisma does", async () => {
    const scope = { tenantId: world.tenant.tenantId, mode: "test" as const };
    const ids = Object.values(world.trades);
    const expectedLabels = await db.shipmentLabel.findMany({
      where: { tradeId: { in: ids }, tenantId: scope.tenantId },
      orderBy: { createdAt: "asc" },
    });
    expect(expectedLabels.length).toBeGreaterThanOrEqual(3);
    expect((await labelsOfTrades(scope.tenantId, ids)).map(typed)).toEqual(expectedLabels.map(typed));

    // The parties' service accounts (what the serializer shows), read through their connections.
    const accounts = await partyAccounts(scope, ["buyer", "seller", "nobody"]);
    expect([...accounts.keys()].sort()).toEqual(["buyer", "seller"]);
    for (const name of ["buyer", "seller"]) {
      const expected = await db.marketplaceUser.findUniqueOrThrow({
        where: { tenantId_mode_marketplaceUserId: { ...scope, marketplaceUserId: name } },
        include: { serviceAccount: true },
      });
      expect(typed(accounts.get(name)!)).toEqual(typed(expected.serviceAccount));
    }
    expect((await partyAccounts({ ...scope, mode: "live" }, ["buyer"])).size).toBe(0);
  });

  it("page a user's trades like the same query in Prisma, with and without filters", async () => {
    const scope = { tenantId: world.tenant.tenantId, mode: "test" as const };
    const cases = [
      {},
      { role: "payer" as const },
      { role: "payee" as const },
      { state: "Delivered" },
      { role: "payee" as const, state: "Created" },
    ];
    for (const filters of cases) {
      for (const page of [
        { offset: 0, limit: 2 },
        { offset: 2, limit: 3 },
        { offset: 50, limit: 5 },
      ]) {
        const where = {
          ...scope,
          marketplaceUserId: "buyer",
          ...(filters.role ? { role: filters.role } : {}),
          ...(filters.state ? { trade: { state: filters.state as never } } : {}),
        };
        const [count, rows] = await Promise.all([
          db.tradeParty.count({ where }),
          db.tradeParty.findMany({
            where,
            orderBy: [{ tradeCreatedAt: "desc" }, { tradeId: "desc" }],
            skip: page.offset,
            take: page.limit,
            select: { tradeId: true },
          }),
        ]);
        const read = await userTradePage(scope, "buyer", filters, page);
        expect(
          { totalCount: read.totalCount, tradeIds: read.trades.map((t) => t.id) },
          JSON.stringify({ filters, page }),
        ).toEqual({ totalCount: count, tradeIds: rows.map((r) => r.tradeId) });
        // The page's rows are the trades as Prisma reads them, value and type.
        const expected = await db.trade.findMany({ where: { id: { in: rows.map((r) => r.tradeId) } } });
        const byId = new Map(expected.map((t) => [t.id, t]));
        expect(read.trades.map(typed)).toEqual(read.trades.map((t) => typed(byId.get(t.id)!)));
      }
    }
    expect((await userTradePage(scope, "buyer", { role: "payee" }, { offset: 0, limit: 10 })).totalCount).toBe(0);
    expect((await userTradePage(scope, "buyer", {}, { offset: 0, limit: 10 })).totalCount).toBeGreaterThanOrEqual(6);
  });
});
