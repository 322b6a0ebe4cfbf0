// npm run bench:console -- [--trades 100000] [--runs 30] [--embedded]
// Measures the console's trades list (lib/console/trades/list-trades.ts, the code behind
// /console/api/trades) on a tenant with many trades: the first page, a deep page, both sorts, each
// kind of search and a filter. Seeds a fresh database on BENCH_DATABASE_URL's server (default the
// local PostgreSQL at 127.0.0.1:5432) or, with --embedded, in an in-memory PGlite; drops it after.
// Prints p50/p95 per scenario. A benchmark, not a test: it reports figures and asserts nothing.
import "../require-node.ts";
import { applyMigrations } from "../../lib/db/migrations.ts";
import { openBenchDatabase } from "./bench-database.ts";
import { benchOptions } from "./cli-options.ts";
import { seedTrades } from "./seed-trades.ts";

const values = benchOptions(
  "npm run bench:console -- [--trades 100000] [--runs 30] [--embedded]\nThe console's trades list on a tenant with many trades (docs/console.md).",
  {
    trades: { type: "string", default: "100000" },
    runs: { type: "string", default: "30" },
    embedded: { type: "boolean", default: false },
  },
);
const tradeCount = Number(values.trades);
const runs = Number(values.runs);

const { url, drop: cleanup } = await openBenchDatabase({ embedded: values.embedded });

try {
  await applyMigrations(url);
  process.env.DATABASE_URL = url;
  // Imported after DATABASE_URL is set: the process-wide client reads it on first use.
  const { db } = await import("../../lib/db/client.ts");
  const { createTenant } = await import("../../lib/tenants/create-tenant.ts");
  const { encodeCursor, listTrades } = await import("../../lib/console/trades/list-trades.ts");
  const { parseTradeFilters } = await import("../../lib/console/trades/trade-filters.ts");

  const { tenantId } = await createTenant(db, { name: "Bench tenant" });
  const seeding = performance.now();
  await seedTrades(db, { tenantId, count: tradeCount });
  console.log(
    `Seeded ${tradeCount.toLocaleString("en")} trades in ${((performance.now() - seeding) / 1000).toFixed(1)} ` +
      `s (${values.embedded ? "PGlite" : "PostgreSQL"}).\n`,
  );

  const deepPosition = Math.floor(tradeCount * 0.9);
  const [deep] = await db.$queryRaw<{ id: string; createdAt: Date; amountMinor: bigint }[]>`
    SELECT "id", "createdAt", "amountMinor" FROM "Trade" WHERE "tenantId" = ${tenantId} ORDER BY "createdAt" DESC, "id" DESC OFFSET ${deepPosition} LIMIT 1`;
  const [deepByAmount] = await db.$queryRaw<{ id: string; createdAt: Date; amountMinor: bigint }[]>`
    SELECT "id", "createdAt", "amountMinor" FROM "Trade" WHERE "tenantId" = ${tenantId} ORDER BY "amountMinor" ASC, "id" ASC OFFSET ${deepPosition} LIMIT 1`;

  const scenarios: [string, string][] = [
    ["first page, newest first", ""],
    [
      `page ${Math.floor(deepPosition / 25).toLocaleString("en")} (row ${deepPosition.toLocaleString("en")}), newest first`,
      `after=${encodeCursor(deep!, "created")}`,
    ],
    ["first page by amount", "sort=amount&dir=asc"],
    ["deep page by amount", `sort=amount&dir=asc&after=${encodeCursor(deepByAmount!, "amount")}`],
    ["search: reference id", "q=seed-54321"],
    ["search: seller with 10% of trades", "q=power-seller"],
    ["search: buyer", "q=buyer-42"],
    ["search: title word (0.1% of trades)", "q=eames"],
    ["search: common title word", "q=bike"],
    ["filter: state Delivered", "state=Delivered"],
    ["filter: amount range", "min=1000&max=1500"],
  ];

  const rows: string[] = [];
  for (const [name, query] of scenarios) {
    const filters = parseTradeFilters(new URLSearchParams(query));
    await listTrades(tenantId, filters); // warm
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      await listTrades(tenantId, filters);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    rows.push(`| ${name} | ${at(0.5)} | ${at(0.95)} |`);
  }
  console.log(
    `Console trades list, ${tradeCount.toLocaleString("en")} trades in one tenant, ${runs} runs each (ms per request: page + capped count):\n`,
  );
  console.log("| Scenario | p50 ms | p95 ms |\n|---|---:|---:|");
  console.log(rows.join("\n"));
  await db.$disconnect();
} finally {
  await cleanup();
}
process.exit(0);
