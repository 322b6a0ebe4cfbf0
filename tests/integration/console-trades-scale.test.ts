// The console's trades list with 100,000 trades in one tenant (issue 6): every page, deep pages,
// both sort orders, each kind of search and a state filter stay on the indexes. Asserted on the
// query plans PostgreSQL (or PGlite) actually executes, not on the clock: a plan that reads a
// bounded number of rows is fast on any machine, and one that scans the table fails here on any
// machine. Figures in milliseconds come from the benchmark (scripts/bench/console-trades.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "../../lib/db/generated/client.ts";
import { COUNT_CAP, encodeCursor, listTrades, tradeListQueries } from "../../lib/console/trades/list-trades.ts";
import { parseTradeFilters } from "../../lib/console/trades/trade-filters.ts";
import { seedTrades } from "../../scripts/bench/seed-trades.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

const TRADES = 100_000;
let tenantId: string;

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
}

/** Every scan of a table in the executed plan, with how many rows it read (kept or thrown away). */
function scans(node: PlanNode, found: { type: string; relation: string; index?: string; read: number }[] = []) {
  if (node["Relation Name"]) {
    const read =
      (node["Actual Rows"] + (node["Rows Removed by Filter"] ?? 0) + (node["Rows Removed by Index Recheck"] ?? 0)) *
      node["Actual Loops"];
    found.push({ type: node["Node Type"], relation: node["Relation Name"], index: node["Index Name"], read });
  }
  for (const child of node.Plans ?? []) scans(child, found);
  return found;
}

async function explain(sql: Prisma.Sql) {
  const [row] = await db.$queryRaw<{ "QUERY PLAN": [{ Plan: PlanNode }] }[]>(
    Prisma.sql`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`,
  );
  const plan = row!["QUERY PLAN"];
  return scans((typeof plan === "string" ? JSON.parse(plan) : plan)[0].Plan);
}

/** Lists, and checks that neither query scanned a whole table or read more rows than `pageRows` / `countRows`. */
async function listOnIndexes(query: string, pageRows = 2_000, countRows = COUNT_CAP * 2 + 100) {
  const filters = parseTradeFilters(new URLSearchParams(query));
  const queries = tradeListQueries(tenantId, filters);
  // A search's page depends on how many trades match (few: read them all and sort), as in listTrades.
  const [{ count: matches }] = (await db.$queryRaw<{ count: bigint }[]>(queries.count)) as [{ count: bigint }];
  const page = await explain(queries.page(filters.q ? Number(matches) : undefined));
  expect(
    page.filter((s) => s.type === "Seq Scan"),
    `${query || "(no filter)"}: the page scans no table`,
  ).toEqual([]);
  expect(
    page.reduce((sum, s) => sum + s.read, 0),
    `${query || "(no filter)"}: rows the page read (${JSON.stringify(page)})`,
  ).toBeLessThanOrEqual(pageRows);
  // The capped count may read the table front to back when that is cheapest, but it stops at the
  // cap: what it reads, other tenants' rows included, stays under the bound.
  const count = await explain(queries.count);
  expect(
    count.reduce((sum, s) => sum + s.read, 0),
    `${query || "(no filter)"}: rows the count read`,
  ).toBeLessThanOrEqual(countRows);
  return listTrades(tenantId, filters);
}

/** The cursor of the row at `position` in an order, as the list would have handed it out. */
async function cursorAt(position: number, sort: "created" | "amount", dir: "asc" | "desc") {
  const column = Prisma.raw(sort === "amount" ? `"amountMinor"` : `"createdAt"`);
  const order = Prisma.raw(dir.toUpperCase());
  const [row] = await db.$queryRaw<{ id: string; createdAt: Date; amountMinor: bigint }[]>`
    SELECT "id", "createdAt", "amountMinor" FROM "Trade" WHERE "tenantId" = ${tenantId} AND "mode" = 'test'
    ORDER BY ${column} ${order}, "id" ${order} OFFSET ${position} LIMIT 1`;
  return { cursor: encodeCursor(row!, sort), id: row!.id };
}

describe(`the console's trades list with ${TRADES.toLocaleString("en")} trades`, () => {
  beforeAll(async () => {
    tenantId = (await freshTenant()).tenantId;
    await seedTrades(db, {
      tenantId,
      count: TRADES,
      rareWord: { word: "Eames", every: 1_000 },
      powerSeller: { id: "power-seller", every: 10 },
    });
  }, 600_000);

  it("shows the newest page and counts up to 10,000, then says more", async () => {
    const page = await listOnIndexes("");
    expect(page.trades).toHaveLength(25);
    expect(page.pagination).toMatchObject({ totalCount: COUNT_CAP, moreThanCount: true, previous: null });
    expect(page.trades[0]!.referenceId).toBe("seed-1"); // the newest seeded trade
  });

  it("reaches a page 90,000 trades deep reading no more rows than the first page", async () => {
    for (const [sort, dir] of [
      ["created", "desc"],
      ["created", "asc"],
      ["amount", "asc"],
      ["amount", "desc"],
    ] as const) {
      const { cursor } = await cursorAt(90_000, sort, dir);
      const { id: next } = await cursorAt(90_001, sort, dir);
      const page = await listOnIndexes(`sort=${sort}&dir=${dir}&after=${cursor}`, 100);
      expect(page.trades).toHaveLength(25);
      expect(page.trades[0]!.tradeId).toBe(next);
      // And one page back from there ends where it started.
      const back = await listOnIndexes(`sort=${sort}&dir=${dir}&before=${page.pagination.previous}`, 100);
      expect(back.trades.at(-1)!.tradeId).toBe((await cursorAt(90_000, sort, dir)).id);
    }
  });

  it("finds one trade by reference id or id", async () => {
    const byReference = await listOnIndexes("q=seed-54321", 50, 50);
    expect(byReference.trades.map((t) => t.referenceId)).toEqual(["seed-54321"]);
    const byId = await listOnIndexes(`q=${byReference.trades[0]!.tradeId}`, 50, 50);
    expect(byId.trades.map((t) => t.referenceId)).toEqual(["seed-54321"]);
  });

  it("finds a seller's 10,000 trades, also deep into them, and a buyer's", async () => {
    const first = await listOnIndexes("q=power-seller", 25_000);
    expect(first.pagination).toMatchObject({ totalCount: 10_000, moreThanCount: false });
    expect(first.trades.every((t) => t.payee === "power-seller")).toBe(true);
    const [deep] = await db.$queryRaw<{ id: string; createdAt: Date; amountMinor: bigint }[]>`
      SELECT "id", "createdAt", "amountMinor" FROM "Trade" WHERE "tenantId" = ${tenantId} AND "payeeMarketplaceUserId" = 'power-seller'
      ORDER BY "createdAt" DESC, "id" DESC OFFSET 9000 LIMIT 1`;
    const page = await listOnIndexes(`q=power-seller&after=${encodeCursor(deep!, "created")}`, 25_000);
    expect(page.trades).toHaveLength(25);
    expect(page.trades.every((t) => t.payee === "power-seller" && t.createdAt < deep!.createdAt.toISOString())).toBe(
      true,
    );
    const buyer = await listOnIndexes("q=buyer-42");
    expect(buyer.trades.every((t) => t.payer === "buyer-42")).toBe(true);
    expect(buyer.pagination.totalCount).toBeGreaterThan(90);
  });

  it("finds trades by a word of the title, in any case, through the trigram index", async () => {
    const page = await listOnIndexes("q=eames", 2_000, 2_000);
    expect(page.pagination.totalCount).toBe(TRADES / 1_000);
    expect(page.trades.every((t) => t.title.includes("Eames"))).toBe(true);
  });

  it("finds a rare word as cheaply when the statistics happen to overestimate it", async () => {
    // ANALYZE samples the titles; about one time in ten a bound of its title histogram is one of
    // the 100 "Eames" titles, and PostgreSQL then guesses that 1% of trades match. Left to the
    // planner, the page then walked the sort index and read 26,000 rows for 26 matches (a CI run
    // failed that way). Re-sample until that happens (the seeded titles put the word anywhere in
    // the sort order, so each ANALYZE has the same chance), then list.
    let analyzes = 1;
    for (; analyzes <= 400; analyzes++) {
      await db.$executeRawUnsafe(`ANALYZE "Trade"`);
      const [stats] = await db.$queryRaw<
        { bounds: string | null }[]
      >`SELECT histogram_bounds::text AS bounds FROM pg_stats WHERE tablename = 'Trade' AND attname = 'title'`;
      if (stats?.bounds?.includes("Eames")) break;
    }
    expect(analyzes, "ANALYZE runs until the sampled histogram holds an Eames title").toBeLessThanOrEqual(400);
    console.log(`the histogram held an Eames title after ${analyzes} ANALYZE runs`);
    const page = await listOnIndexes("q=eames", 2_000, 2_000);
    expect(page.pagination.totalCount).toBe(TRADES / 1_000);
    expect(page.trades.every((t) => t.title.includes("Eames"))).toBe(true);
  }, 240_000);

  it("filters by state and by an amount range", async () => {
    const delivered = await listOnIndexes("state=Delivered");
    expect(delivered.trades).toHaveLength(25);
    expect(delivered.trades.every((t) => t.state === "Delivered")).toBe(true);
    const amounts = await listOnIndexes("sort=amount&dir=asc&min=1000&max=1100", 2_000, 2_000);
    expect(amounts.trades.every((t) => Number(t.amount) >= 1000 && Number(t.amount) <= 1100)).toBe(true);
  });
});
