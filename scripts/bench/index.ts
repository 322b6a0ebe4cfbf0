// npm run bench -- [--smoke] [--embedded] [--trades 100000] [--users 1000] [--tenants 3]
//                  [--seconds 10] [--rounds 4] [--connections 32] [--backlog 100000] [--build]
//                  [--out bench-results] [--webhooks-only] [--only journey] [--server direct|next] [--memory-minutes 5]
// The service against the practical limit of this machine (issue 7). Creates a fresh database on
// BENCH_DATABASE_URL's server (default the local PostgreSQL at 127.0.0.1:5432; --embedded: an
// in-memory PGlite), migrates and seeds it, starts the production Next server and the bare
// node:http + pg baseline (baseline-server.ts), measures each scenario on both with the same load,
// the two taking turns (interleave.ts), then the webhook worker draining a backlog; prints the table, writes JSON and Markdown, drops the
// database. --smoke: tiny data and one-second runs, so that CI proves it still works.
// A benchmark, not a test: it reports figures and asserts only that the calls succeeded.
import "../require-node.ts";
import { spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { applyMigrations } from "../../lib/db/migrations.ts";
import { openBenchDatabase, settleDatabase } from "./bench-database.ts";
import { benchOptions } from "./cli-options.ts";
import { inTurns } from "./interleave.ts";
import { hammer, initiateBody, journeys, type Scenario } from "./load.ts";
import { machine, markdown, rssMb, writeReport, type Report, type Row } from "./report.ts";
import { measureMemory, type MemoryResult } from "./memory.ts";
import { seedBench } from "./seed-bench.ts";
import { baselineCommand, nodeFlagsFrom, serviceCommand, startServer, stopServer as stop } from "./server.ts";
import { measureWebhooks } from "./webhooks.ts";

const USAGE = `npm run bench -- [--smoke] [--embedded] [--trades 100000] [--users 1000] [--tenants 3]
                 [--seconds 10] [--rounds 4] [--connections 32] [--backlog 100000] [--build] [--out bench-results]
                 [--webhooks-only] [--only journey] [--server direct|next] [--memory-minutes 5]
--only WORDS runs just the API scenarios whose name contains WORDS (e.g. "journey", "page 1",
"page 1|journey"), to profile one of them (add --backlog 100 to keep the webhook drain short).
--rounds N measures each row's sides in turns, N slices of seconds/N each (default 4).
The service against a bare node:http + pg baseline on this machine (docs/performance.md).`;
const values = benchOptions(USAGE, {
  smoke: { type: "boolean", default: false },
  embedded: { type: "boolean", default: false },
  build: { type: "boolean", default: false },
  trades: { type: "string" },
  users: { type: "string" },
  tenants: { type: "string", default: "3" },
  seconds: { type: "string" },
  rounds: { type: "string", default: "4" },
  connections: { type: "string" },
  backlog: { type: "string" },
  "webhooks-only": { type: "boolean", default: false },
  only: { type: "string" },
  server: { type: "string", default: "direct" },
  "memory-minutes": { type: "string", default: "0" },
  out: { type: "string", default: "bench-results" },
});
const smoke = values.smoke;
const trades = Number(values.trades ?? (smoke ? 3_000 : 100_000));
const users = Number(values.users ?? (smoke ? 30 : 1_000));
const tenants = Number(values.tenants);
const seconds = Number(values.seconds ?? (smoke ? 1 : 10));
const rounds = Number(values.rounds);
const connections = Number(values.connections ?? (smoke ? 8 : 32));
const backlog = Number(values.backlog ?? (smoke ? 200 : 100_000));
const basePort = Number(process.env.BENCH_PORT ?? 3400);
const servicePort = basePort;
const baselinePort = basePort + 1;

if (values.build || !existsSync(".next/BUILD_ID")) {
  console.log("Building the production server (npm run build)…");
  const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const database = await openBenchDatabase({ embedded: values.embedded });
const children: ChildProcess[] = [];
let exitCode = 0;
try {
  await applyMigrations(database.url);
  process.env.DATABASE_URL = database.url;
  // Imported after DATABASE_URL is set: the process-wide client reads it on first use.
  const { db } = await import("../../lib/db/client.ts");
  const seeding = performance.now();
  const data = await seedBench(db, { tenants, users, trades });
  console.log(
    `Seeded ${trades.toLocaleString("en")} trades, ${users.toLocaleString("en")} users, ${tenants} ` +
      `tenants in ${((performance.now() - seeding) / 1000).toFixed(1)} s ` +
      `(${values.embedded ? "PGlite" : "PostgreSQL"}).`,
  );

  const tenant = data.tenants[0]!;
  const sample = await db.trade.findMany({
    where: { tenantId: tenant.tenantId },
    select: { id: true, payerMarketplaceUserId: true },
    take: 1_000,
  });
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  const pair = (): [string, string] => {
    const a = Math.floor(Math.random() * tenant.userCount);
    const b = (a + 1 + Math.floor(Math.random() * (tenant.userCount - 1))) % tenant.userCount;
    return [`${data.userPrefix}${a}`, `${data.userPrefix}${b}`];
  };
  const seller = data.powerSeller.id;
  const deepPage = Math.max(2, Math.min(100, Math.floor(data.powerSeller.trades / 20)));
  const scenarios: Scenario[] = [
    {
      name: "Get trade details",
      method: "GET",
      next: () =>
        ((t) => ({ path: `/api/v1/marketplace/users/${t.payerMarketplaceUserId}/trades/${t.id}` }))(pick(sample)),
    },
    {
      name: `Get trades, page 1 (user with ${data.powerSeller.trades.toLocaleString("en")} trades)`,
      method: "GET",
      next: () => ({ path: `/api/v1/marketplace/users/${seller}/trades?page=1&pageSize=20` }),
    },
    {
      name: `Get trades, page ${deepPage} (same user)`,
      method: "GET",
      next: () => ({ path: `/api/v1/marketplace/users/${seller}/trades?page=${deepPage}&pageSize=20` }),
    },
    {
      name: "Initiate trade",
      method: "POST",
      next: () => ({ path: "/api/v1/marketplace/trades/initiate", body: initiateBody(...pair()) }),
    },
  ];

  const rows: Row[] = [];
  let memory: MemoryResult | undefined;
  // --webhooks-only: just the worker (for working on it); the API rows stay empty.
  if (!values["webhooks-only"]) {
    // Measured separately below: here the API alone, without the in-server background jobs.
    // Both servers prepare their statements by name (lib/db/sql.ts): the benchmark's database is
    // reached directly, as a deployment without PgBouncer's transaction mode would be.
    const prepared = process.env.DATABASE_PREPARED_STATEMENTS ?? "on";
    const background = { env: { WEBHOOK_WORKER: "off", SCHEDULER: "off", DATABASE_PREPARED_STATEMENTS: prepared } };
    // BENCH_NODE_FLAGS: Node flags for the service only, e.g. "--cpu-prof --cpu-prof-dir=prof" to see where its time goes.
    const nodeFlags = nodeFlagsFrom("BENCH_NODE_FLAGS");
    const service = await startServer(
      "service",
      servicePort,
      serviceCommand(servicePort, { server: values.server === "next" ? "next" : "direct", nodeFlags }),
      background,
    );
    children.push(service);
    children.push(
      await startServer(
        "baseline",
        baselinePort,
        // BENCH_BASELINE_NODE_FLAGS: the same for the baseline, to compare the two profiles.
        baselineCommand(nodeFlagsFrom("BENCH_BASELINE_NODE_FLAGS")),
        background,
      ),
    );
    // Get trades serves records rendered before (lib/trades/rendered-trades.ts), and the scenarios
    // ask for the same page again and again: a third server with RENDERED_TRADES_CACHE_MB=0
    // measures the same pages with every record read and rendered, as a page seen for the first time.
    const everyRecordPort = basePort + 2;
    const everyRecord = await startServer(
      "service (every record rendered)",
      everyRecordPort,
      serviceCommand(everyRecordPort, { server: values.server === "next" ? "next" : "direct", nodeFlags }),
      { env: { ...background.env, RENDERED_TRADES_CACHE_MB: "0" } },
    );
    children.push(everyRecord);
    const rendersPages = (scenario: Scenario) => scenario.name.startsWith("Get trades,");
    const origin = (port: number) => `http://127.0.0.1:${port}`;

    // Every route once, one at a time, before any load: the first call of a route loads its code.
    for (const port of [servicePort, baselinePort]) {
      for (const scenario of scenarios)
        await hammer(origin(port), tenant.testApiKey, scenario, { connections: 1, amount: 3 });
      if (port === servicePort)
        for (const scenario of scenarios.filter(rendersPages))
          await hammer(origin(everyRecordPort), tenant.testApiKey, scenario, { connections: 1, amount: 3 });
      await journeys(origin(port), tenant.testApiKey, { pick: pair }, { concurrency: 1, seconds: 0 });
    }
    // Smoke runs are for "it still works": the one-at-a-time calls above are their warm-up.
    const warm = smoke ? 0 : Math.max(1, Math.round(seconds / 5));
    // "page 1|journey": any of the words separated by |.
    const only = values.only?.toLowerCase().split("|");
    const chosen = (name: string) => only === undefined || only.some((words) => name.toLowerCase().includes(words));
    // Each row's sides in turns, `rounds` slices of seconds ÷ rounds each (scripts/bench/interleave.ts).
    const slice = smoke ? seconds : Math.max(1, Math.round(seconds / rounds));
    const settle = smoke ? undefined : () => settleDatabase(db);
    for (const scenario of scenarios.filter((s) => chosen(s.name))) {
      const before = rssMb(service.pid!);
      const rssBefore = rssMb(everyRecord.pid!);
      const side = (port: number) => ({
        before: settle,
        warm: warm
          ? async () => void (await hammer(origin(port), tenant.testApiKey, scenario, { connections, seconds: warm }))
          : undefined,
        slice: () => hammer(origin(port), tenant.testApiKey, scenario, { connections, seconds: slice }),
      });
      const ports = rendersPages(scenario) ? [servicePort, baselinePort, everyRecordPort] : [servicePort, baselinePort];
      const [serviceResult, baselineResult, rendered] = await inTurns(ports.map(side), smoke ? 1 : rounds);
      rows.push({
        name: scenario.name,
        unit: "req/s",
        connections,
        service: serviceResult!,
        baseline: baselineResult!,
        serviceRssMb: [before, rssMb(service.pid!)],
      });
      console.log(
        `  ${scenario.name}: service ${serviceResult!.requestsPerSecond.toFixed(0)} req/s, baseline ${baselineResult!.requestsPerSecond.toFixed(0)} req/s`,
      );
      if (rendered) {
        const name = `${scenario.name}, every record rendered`;
        const serviceRssMb: [number, number] = [rssBefore, rssMb(everyRecord.pid!)];
        rows.push({ name, unit: "req/s", connections, service: rendered, baseline: baselineResult!, serviceRssMb });
        console.log(`  ${name}: service ${rendered.requestsPerSecond.toFixed(0)} req/s`);
      }
    }
    const journeyName = "Journey: initiate → pay → label → sent → delivered → accept (8 calls)";
    if (chosen(journeyName)) {
      const journeyConcurrency = Math.min(connections, 16);
      const beforeJourney = rssMb(service.pid!);
      const side = (port: number) => ({
        before: settle,
        warm: warm
          ? async () =>
              void (await journeys(
                origin(port),
                tenant.testApiKey,
                { pick: pair },
                { concurrency: journeyConcurrency, seconds: warm },
              ))
          : undefined,
        slice: () =>
          journeys(
            origin(port),
            tenant.testApiKey,
            { pick: pair },
            { concurrency: journeyConcurrency, seconds: slice },
          ),
      });
      const [serviceJourneys, baselineJourneys] = await inTurns(
        [side(servicePort), side(baselinePort)],
        smoke ? 1 : rounds,
      );
      rows.push({
        name: journeyName,
        unit: "journeys/s",
        connections: journeyConcurrency,
        service: serviceJourneys!,
        baseline: baselineJourneys!,
        serviceRssMb: [beforeJourney, rssMb(service.pid!)],
      });
      console.log(
        `  Journey: service ${serviceJourneys!.requestsPerSecond.toFixed(1)}/s, baseline ${baselineJourneys!.requestsPerSecond.toFixed(1)}/s`,
      );
    }

    // --memory-minutes: the service alone under steady load for that long, its memory sampled.
    const memoryMinutes = Number(values["memory-minutes"]);
    if (memoryMinutes > 0)
      memory = await measureMemory(
        origin(servicePort),
        tenant.testApiKey,
        scenarios,
        service.pid!,
        memoryMinutes,
        connections,
      );
  }

  // The servers stop before the worker runs: it has the machine to itself, like a worker process.
  for (const child of children.splice(0)) await stop(child);
  if (!smoke) await settleDatabase(db);
  const webhooks = await measureWebhooks(db, data.tenants[1]?.tenantId ?? tenant.tenantId, backlog);

  const report: Report = {
    startedAt: new Date().toISOString(),
    machine: machine(values.embedded ? "PGlite (embedded)" : "PostgreSQL"),
    data: { trades, users, tenants, powerSellerTrades: data.powerSeller.trades, seconds, connections, backlog },
    rows,
    webhooks,
    memory,
  };
  console.log(`\n${markdown(report)}\n`);
  const files = writeReport(report, values.out);
  console.log(`Wrote ${files.md} and ${files.json}`);
  const failed = rows.filter((r) => r.service.failures || r.baseline.failures || !r.service.total || !r.baseline.total);
  if (failed.length || webhooks.received < backlog || memory?.failures) {
    console.error(
      `Calls failed or never completed: ${failed.map((r) => r.name).join(", ") || "webhook backlog not drained"}`,
    );
    exitCode = 1;
  }
  await db.$disconnect();
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  for (const child of children) await stop(child);
  await database.drop();
}
process.exit(exitCode);
