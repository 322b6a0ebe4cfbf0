// npm run bench:fairness -- [--seconds 5] [--flood 64]
// What one tenant's flood costs another tenant (docs/performance.md, "Tenant fairness"): tenant B
// reads a trade with one connection, alone and then while tenant A floods the same server with
// `--flood` connections of Initiate trade (well within A's rate limit), once with the per-tenant
// share off (TENANT_CONCURRENCY=off) and once with the default share. Prints B's p50/p99 and both
// tenants' throughput. A fresh database on BENCH_DATABASE_URL's server, dropped afterwards.
// A benchmark, not a test: it reports figures.
import "../require-node.ts";
import { existsSync } from "node:fs";
import { applyMigrations } from "../../lib/db/migrations.ts";
import { openBenchDatabase } from "./bench-database.ts";
import { benchOptions } from "./cli-options.ts";
import { hammer, initiateBody, type Measured } from "./load.ts";
import { serviceCommand, startServer, stopServer } from "./server.ts";

const values = benchOptions(
  "npm run bench:fairness -- [--seconds 5] [--flood 64]\nAnother tenant's latency while one tenant floods the server, with and without the per-tenant share.",
  { seconds: { type: "string", default: "5" }, flood: { type: "string", default: "64" } },
);
const seconds = Number(values.seconds);
const flood = Number(values.flood);
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
  const port = 3291;
  const origin = `http://127.0.0.1:${port}`;
  const call = (token: string, method: string, path: string, body?: unknown) =>
    fetch(`${origin}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((r) => r.json());

  const rows: { share: string; phase: string; quiet: Measured; flood: Measured | null }[] = [];
  for (const share of ["off", "default"] as const) {
    const server = await startServer(`fairness ${share}`, port, serviceCommand(port), {
      env: {
        DATABASE_URL: database.url,
        WEBHOOK_WORKER: "off",
        SCHEDULER: "off",
        ...(share === "off" ? { TENANT_CONCURRENCY: "off" } : {}),
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
      const { tradeId } = (await call(
        quiet.testApiKey,
        "POST",
        "/marketplace/trades/initiate",
        initiateBody("qa", "qb"),
      )) as { tradeId: string };
      const read = {
        name: "Get trade details",
        method: "GET" as const,
        next: () => ({ path: `/api/v1/marketplace/users/qa/trades/${tradeId}` }),
      };
      rows.push({
        share,
        phase: "alone",
        quiet: await hammer(origin, quiet.testApiKey, read, { connections: 1, seconds }),
        flood: null,
      });
      const flooding = hammer(
        origin,
        flooder.testApiKey,
        {
          name: "Initiate trade",
          method: "POST",
          next: () => ({ path: "/api/v1/marketplace/trades/initiate", body: initiateBody("fa", "fb") }),
        },
        { connections: flood, seconds: seconds + 1 },
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      const underFlood = await hammer(origin, quiet.testApiKey, read, { connections: 1, seconds });
      rows.push({ share, phase: `A floods (${flood} conn.)`, quiet: underFlood, flood: await flooding });
    } finally {
      await stopServer(server);
    }
  }

  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(`\nTenant B reading a trade (1 connection, ${seconds} s) while tenant A floods Initiate trade:\n`);
  console.log("| Per-tenant share | Phase | B p50 | B p99 | B req/s | A req/s | A failures |");
  console.log("|---|---|---|---|---|---|---|");
  for (const row of rows) {
    console.log(
      `| ${row.share === "off" ? "off" : "default (half the pool)"} | ${row.phase} | ${ms(row.quiet.p50Ms)} ` +
        `| ${ms(row.quiet.p99Ms)} | ${Math.round(row.quiet.requestsPerSecond)} | ${row.flood ? Math.round(row.flood.requestsPerSecond) : "—"} ` +
        `| ${row.flood ? row.flood.failures : "—"} |`,
    );
  }
  await db.$disconnect();
} finally {
  await database.drop();
}
process.exit(0);
