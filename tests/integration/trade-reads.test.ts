// The API's hot reads are plain SQL (lib/trades/store/reads.ts, lib/auth/authenticate.ts on
// lib/db/sql.ts). They must return exactly what
// Prisma's typed reads return — same fields, same values, same types (BigInt, Decimal, Date, JSON,
// enums as strings) — for trades in every phase, with labels, and for connected users with their
// service accounts (the parts a Trade shows, read in the same statement); and the page function
// must agree with the same query written in Prisma.
import { beforeAll, describe, expect, it } from "vitest";
import { authenticate } from "../../lib/auth/authenticate.ts";
import { findUserTrade, partsOfTrades, userTradePage } from "../../lib/trades/store/reads.ts";
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
    const context = await authenticate(`Bearer ${world.tenant.testApiKey}`);
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
      expect(typed((await findUserTrade(scope, "buyer", id))!.trade)).toEqual(typed(expected));
      expect(typed((await findUserTrade(scope, "seller", id))!.trade)).toEqual(typed(expected));
      expect(await findUserTrade(scope, "user-4711", id)).toBeNull();
      expect(await findUserTrade({ ...scope, mode: "live" }, "buyer", id)).toBeNull();
    }
  });

  it("read each trade's latest label per leg and its parties' service accounts exactly as Prisma does", async () => {
    const scope = { tenantId: world.tenant.tenantId, mode: "test" as const };
    const ids = Object.values(world.trades);
    const labels = await db.shipmentLabel.findMany({
      where: { tradeId: { in: ids }, tenantId: scope.tenantId },
      orderBy: { createdAt: "asc" },
    });
    expect(labels.length).toBeGreaterThanOrEqual(3);
    const accounts = await db.marketplaceUser.findMany({
      where: { ...scope, marketplaceUserId: { in: ["buyer", "seller"] } },
      include: { serviceAccount: true },
    });
    const expectedAccount = (user: string) => {
      const account = accounts.find((a) => a.marketplaceUserId === user)!.serviceAccount;
      const { id, phoneNumber, name, city, postalCode, address } = account;
      return { id, phoneNumber, name, city, postalCode, address, hasPayoutAccount: !!account.bankAccountNumber };
    };
    const expectedLabel = (tradeId: string, leg: "Delivery" | "Return") => {
      const label = labels.filter((l) => l.tradeId === tradeId && l.leg === leg).at(-1);
      if (!label) return null;
      const { id, labelPricePayerMinor, labelPricePayeeMinor, labelCode, labelPaidBy, carrier, trackingUrl } = label;
      return { id, labelPricePayerMinor, labelPricePayeeMinor, labelCode, labelPaidBy, carrier, trackingUrl };
    };
    const parts = await partsOfTrades(scope, ids);
    expect([...parts.keys()].sort()).toEqual([...ids].sort());
    for (const id of ids) {
      const trade = await db.trade.findUniqueOrThrow({ where: { id } });
      const view = (await findUserTrade(scope, "buyer", id))!;
      for (const read of [view, parts.get(id)!]) {
        expect(typed(read.payer!)).toEqual(typed(expectedAccount(trade.payerMarketplaceUserId)));
        expect(typed(read.payee!)).toEqual(typed(expectedAccount(trade.payeeMarketplaceUserId)));
        for (const [part, leg] of [
          ["delivery", "Delivery"],
          ["return", "Return"],
        ] as const) {
          const expected = expectedLabel(id, leg);
          expect(read[part] && typed(read[part]), `${id} ${part}`).toEqual(expected && typed(expected));
        }
      }
    }
    // The world's trades include labelled legs, or this test would prove nothing about them.
    expect(ids.some((id) => parts.get(id)!.delivery !== null)).toBe(true);
    expect((await partsOfTrades({ ...scope, mode: "live" }, ids)).size).toBe(0);
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
          { totalCount: read.totalCount, tradeIds: read.trades.map((v) => v.trade.id) },
          JSON.stringify({ filters, page }),
        ).toEqual({ totalCount: count, tradeIds: rows.map((r) => r.tradeId) });
        // The page's rows are the trades as Prisma reads them, value and type.
        const expected = await db.trade.findMany({ where: { id: { in: rows.map((r) => r.tradeId) } } });
        const byId = new Map(expected.map((t) => [t.id, t]));
        expect(read.trades.map((v) => typed(v.trade))).toEqual(read.trades.map((v) => typed(byId.get(v.trade.id)!)));
        // … each with the same parts as the trade read alone.
        for (const view of read.trades) {
          const { trade: _trade, ...parts } = (await findUserTrade(scope, "buyer", view.trade.id))!;
          const { trade: _same, ...pageParts } = view;
          expect(JSON.stringify(pageParts, (_k, v) => (typeof v === "bigint" ? `${v}n` : v))).toBe(
            JSON.stringify(parts, (_k, v) => (typeof v === "bigint" ? `${v}n` : v)),
          );
        }
      }
    }
    expect((await userTradePage(scope, "buyer", { role: "payee" }, { offset: 0, limit: 10 })).totalCount).toBe(0);
    expect((await userTradePage(scope, "buyer", {}, { offset: 0, limit: 10 })).totalCount).toBeGreaterThanOrEqual(6);
  });
});
