// npm run bench:fairness -- [--seconds 5] [--flood 64] [--port 3291]
// What one tenant's flood costs another tenant (docs/performance.md, "Tenant fairness"): tenant B
// reads a trade with one connection, alone and then while tenant A floods the same server with
// `--flood` connections of Initiate trade (well within A's rate limit), once with the per-tenant
// share off (TENANT_CONCURRENCY=off) and once with the default share. Then the flood before the
// share: every request's token is looked up before its tenant is known, so with the default share
// B reads while A floods Get trade details and while someone floods unknown tokens (which never
// reach a tenant's share), once with a lookup statement per request (AUTH_LOOKUPS_IN_FLIGHT=1000,
// as before) and once coalesced (the default). Prints B's p50/p99, both loads' throughput, and the
// server's pool at its fullest (connections in use, queries waiting; sampled from /metrics on
// port + 1). A fresh database on BENCH_DATABASE_URL's server, dropped afterwards.
// A benchmark, not a test: it reports figures.
import "../require-node.ts";
import { existsSync } from "node:fs";
import { applyMigrations } from "../../lib/db/migrations.ts";
import { openBenchDatabase } from "./bench-database.ts";
import { benchOptions } from "./cli-options.ts";
import { hammer, initiateBody, type Measured, type Scenario } from "./load.ts";
import { samplePool, type PoolPeak } from "./pool-sampler.ts";
import { serviceCommand, startServer, stopServer } from "./server.ts";

const values = benchOptions(
  "npm run bench:fairness -- [--seconds 5] [--flood 64] [--port 3291]\nAnother tenant's latency while one tenant floods the server, with and without the per-tenant share, and while a flood waits for its tokens to be looked up (the server listens on --port, its metrics on --port + 1).",
  {
    seconds: { type: "string", default: "5" },
    flood: { type: "string", default: "64" },
    port: { type: "string", default: "3291" },
  },
);
const seconds = Number(values.seconds);
const flood = Number(values.flood);
const port = Number(values.port);
if (!existsSync(".next/BUILD_ID")) {
  console.error("No production build: run `npm run build` first.");
  process.exit(2);
}

const database = await openBenchDatabase({ prefix: "escrow_bench_fair" });
try {
  await applyMigrations(database.url);
  process.env.DATABASE_URL = database.url;
  const { db } = await import("../../lib/db/client.ts");
  const { createTenant } = await import("../../lib/tenants/create-tenant.ts");
  const [flooder, quiet] = [
    await createTenant(db, { name: "Flooder", rateLimitPerMinute: 10_000_000 }),
    await createTenant(db, { name: "Quiet", rateLimitPerMinute: 10_000_000 }),
  ];
  const origin = `http://127.0.0.1:${port}`;
  const metricsOrigin = `http://127.0.0.1:${port + 1}`;
  const call = (token: string, method: string, path: string, body?: unknown) =>
    fetch(`${origin}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((r) => r.json());

  interface Row {
    setting: string;
    phase: string;
    quiet: Measured;
    flood: Measured | null;
    pool: PoolPeak;
  }
  const read = (user: string, tradeId: string): Scenario => ({
    name: "Get trade details",
    method: "GET",
    next: () => ({ path: `/api/v1/marketplace/users/${user}/trades/${tradeId}` }),
  });
  /** A phase's flood: its name, its token, and its requests (given a trade of tenant A to read). */
  type Flood = [phase: string, token: string, scenario: (flooderTrade: string) => Scenario];
  /** B reads its trade alone, then under each flood; the pool's peak sampled during each phase. */
  async function run(setting: string, env: Record<string, string>, floods: Flood[]) {
    const rows: Row[] = [];
    const server = await startServer(`fairness ${setting}`, port, serviceCommand(port), {
      env: {
        DATABASE_URL: database.url,
        WEBHOOK_WORKER: "off",
        SCHEDULER: "off",
        METRICS_PORT: String(port + 1),
        ...env,
      },
    });
    try {
      for (const [tenant, users] of [
        [flooder, ["fa", "fb"]],
        [quiet, ["qa", "qb"]],
      ] as const) {
        for (const user of users)
          await call(tenant.testApiKey, "POST", `/sandbox/users/${user}/connect`, { kycLevel: 1 });
      }
      const trade = async (tenant: typeof quiet, payer: string, payee: string) =>
        (
          (await call(tenant.testApiKey, "POST", "/marketplace/trades/initiate", initiateBody(payer, payee))) as {
            tradeId: string;
          }
        ).tradeId;
      const quietTrade = await trade(quiet, "qa", "qb");
      const sampling = samplePool(metricsOrigin);
      rows.push({
        setting,
        phase: "alone",
        quiet: await hammer(origin, quiet.testApiKey, read("qa", quietTrade), { connections: 1, seconds }),
        flood: null,
        pool: await sampling.stop(),
      });
      const flooderTrade = await trade(flooder, "fa", "fb");
      for (const [phase, token, scenario] of floods) {
        const flooding = hammer(origin, token, scenario(flooderTrade), { connections: flood, seconds: seconds + 1 });
        await new Promise((resolve) => setTimeout(resolve, 500));
        const sampled = samplePool(metricsOrigin);
        const underFlood = await hammer(origin, quiet.testApiKey, read("qa", quietTrade), { connections: 1, seconds });
        rows.push({ setting, phase, quiet: underFlood, flood: await flooding, pool: await sampled.stop() });
      }
    } finally {
      await stopServer(server);
    }
    return rows;
  }

  const initiate = (): Scenario => ({
    name: "Initiate trade",
    method: "POST",
    next: () => ({ path: "/api/v1/marketplace/trades/initiate", body: initiateBody("fa", "fb") }),
  });
  const readsOfA = (tradeId: string) => read("fa", tradeId);
  const unknownTokens = (): Scenario => ({
    name: "unknown tokens",
    method: "GET",
    next: () => ({ path: "/api/v1/marketplace/users/x/trades" }),
  });
  const unknownToken = `esk_test_${"0".repeat(43)}`;

  const floodsInitiate: Flood[] = [[`A floods Initiate (${flood} conn.)`, flooder.testApiKey, initiate]];
  const shareRows = [
    ...(await run("share off", { TENANT_CONCURRENCY: "off" }, floodsInitiate)),
    ...(await run("share on (default)", {}, floodsInitiate)),
  ];
  const beforeAuth: Flood[] = [
    [`A floods reads (${flood} conn.)`, flooder.testApiKey, readsOfA],
    [`unknown tokens (${flood} conn.)`, unknownToken, unknownTokens],
  ];
  const lookupRows = [
    ...(await run("a lookup per request", { AUTH_LOOKUPS_IN_FLIGHT: "1000" }, beforeAuth)),
    ...(await run("lookups coalesced (default)", {}, beforeAuth)),
  ];

  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const table = (title: string, rows: Row[]) => {
    console.log(`\n${title}\n`);
    console.log(
      "| Setting | Phase | B p50 | B p99 | B req/s | Flood req/s | Flood non-2xx | Pool in use (peak) | Waiting for a connection (peak) |",
    );
    console.log("|---|---|---|---|---|---|---|---|---|");
    for (const row of rows) {
      console.log(
        `| ${row.setting} | ${row.phase} | ${ms(row.quiet.p50Ms)} | ${ms(row.quiet.p99Ms)} | ${Math.round(row.quiet.requestsPerSecond)} ` +
          `| ${row.flood ? Math.round(row.flood.requestsPerSecond) : "—"} | ${row.flood ? row.flood.failures : "—"} ` +
          `| ${row.pool.inUse} | ${row.pool.waiting} |`,
      );
    }
  };
  table(`Tenant B reading a trade (1 connection, ${seconds} s) while tenant A floods Initiate trade:`, shareRows);
  table(
    `The flood before the share (default share): B reading while A floods reads, and while unknown tokens flood:`,
    lookupRows,
  );
  await db.$disconnect();
} finally {
  await database.drop();
}
process.exit(0);
