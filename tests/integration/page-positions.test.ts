// A page of Get trades after the first starts from where it began last time while the user's
// trades are the same set (keyset paging under page numbers: lib/trades/store/reads.ts, readPage).
// What must hold: every page is exactly the entries the page number gives now, in the page's order
// (newest first, then trade id), whatever was added or removed since the page was last read, with
// and without rendered records, in either role and past the end.
import { afterEach, describe, expect, it } from "vitest";
import { GET as listTrades } from "../../app/api/v1/marketplace/users/[marketplaceUserId]/trades/route.ts";
import { metrics } from "../../lib/ops/metrics.ts";
import { callRoute } from "../helpers/call-route.ts";
import { db } from "../helpers/tenants.ts";
import { countsByResult, sellerAndBuyer } from "../helpers/trade-pages.ts";

const KEPT_RECORDS = Symbol.for("escrow.renderedTrades");
const holder = globalThis as { [KEPT_RECORDS]?: unknown };

afterEach(() => {
  delete process.env.RENDERED_TRADES_CACHE_MB;
  delete holder[KEPT_RECORDS];
});

const positionCounts = () => countsByResult(metrics().pagePositions);

async function sellerWithTrades(count: number) {
  const { tenant, initiateTrade } = await sellerAndBuyer();
  for (let i = 0; i < count; i++) await initiateTrade(`Bike ${i}`);

  /** The page as the API answers it: its trade ids and its count. */
  const page = async (number: number, query = "") => {
    const answer = await callRoute(listTrades, {
      path: `/api/v1/marketplace/users/seller/trades?page=${number}&pageSize=3${query}`,
      params: { marketplaceUserId: "seller" },
      token: tenant.testApiKey,
    });
    expect(answer.status).toBe(200);
    return {
      ids: answer.json.trades.map((trade: { tradeId: string }) => trade.tradeId) as string[],
      totalCount: answer.json.pagination.totalCount as number,
    };
  };
  /** What that page must hold now: the seller's trades in the page's order, read from the trades. */
  const expected = async (number: number) => {
    const rows = await db.trade.findMany({
      where: { tenantId: tenant.tenantId, payeeMarketplaceUserId: "seller" },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { id: true },
    });
    return { ids: rows.slice((number - 1) * 3, number * 3).map((row) => row.id), totalCount: rows.length };
  };
  return { tenant, initiateTrade, page, expected };
}

describe("Get trades: pages after the first from their kept positions", () => {
  it("reads a page again from where it began while the user's trades are the same, and afresh after one is added or removed", async () => {
    const { initiateTrade, page, expected } = await sellerWithTrades(8);
    const before = await positionCounts();
    const counted = async (result: "kept" | "stale") => ((await positionCounts())[result] ?? 0) - (before[result] ?? 0);

    expect(await page(2)).toEqual(await expected(2)); // skips the first page's entries, records where page 2 began
    expect(await counted("kept")).toBe(0);
    expect(await page(2)).toEqual(await expected(2));
    expect(await page(3)).toEqual(await expected(3));
    expect(await page(3)).toEqual(await expected(3));
    expect(await counted("kept")).toBe(2);

    // A new trade is the newest: every page after the first now begins one entry earlier.
    await initiateTrade("Bike 8");
    expect(await page(2)).toEqual(await expected(2));
    expect(await counted("stale")).toBe(1);
    expect(await page(2)).toEqual(await expected(2));
    expect(await counted("kept")).toBe(3);

    // A trade removed below the page's start (its tenant's data deleted row by row, as a cascade does).
    const [oldest] = (await expected(3)).ids.slice(-1);
    await db.$executeRaw`DELETE FROM "Trade" WHERE "id" = ${oldest}`;
    expect(await page(3)).toEqual(await expected(3));
    expect(await page(2)).toEqual(await expected(2));
    expect(await counted("stale")).toBe(3);

    // Past the end: no trades and the count, and nothing recorded to start from.
    expect(await page(9)).toEqual({ ids: [], totalCount: (await expected(1)).totalCount });
    expect(await page(9)).toEqual({ ids: [], totalCount: (await expected(1)).totalCount });
    expect(await counted("kept")).toBe(3);
  });

  it("keeps positions per role, and a state filter always skips (its entries change with the trades' states)", async () => {
    const { page, expected } = await sellerWithTrades(7);
    const before = await positionCounts();
    const kept = async () => ((await positionCounts()).kept ?? 0) - (before.kept ?? 0);

    expect(await page(2, "&role=payee")).toEqual(await expected(2));
    expect(await page(2, "&role=payee")).toEqual(await expected(2));
    expect(await kept()).toBe(1);
    // As payer the seller has no trades: an empty page, never confused with the payee's position.
    expect(await page(2, "&role=payer")).toEqual({ ids: [], totalCount: 0 });

    expect(await page(2, "&state=Created")).toEqual(await expected(2));
    expect(await page(2, "&state=Created")).toEqual(await expected(2));
    expect(await kept()).toBe(1);
  });

  it("starts from the kept position when every record is read and rendered too (rendered records off)", async () => {
    process.env.RENDERED_TRADES_CACHE_MB = "0";
    delete holder[KEPT_RECORDS];
    const { initiateTrade, page, expected } = await sellerWithTrades(7);
    expect(await page(2)).toEqual(await expected(2));
    expect(await page(2)).toEqual(await expected(2));
    await initiateTrade("Bike 7");
    expect(await page(2)).toEqual(await expected(2));
    expect(await page(3)).toEqual(await expected(3));
  });
});
