// npm run bench:journey -- [--journeys 150] [--trades 1000] [--users 50] [--clients 1] [--per-call-cpu]
// Where a journey's time goes, call by call: one client (or --clients) runs journeys back to back (initiate →
// accept and pay → complete → buy label → get → sent → delivered → accept) against the production
// server and against the bare node:http + pg baseline doing the same SQL (baseline-server.ts),
// taking turns 25 journeys at a time, and prints each call's median latency on both, and the CPU
// a journey costs each side's server, PostgreSQL and the driver (read from /proc). One client, so these are
// latencies without queueing: what a transition costs, not what the machine can carry (that is
// `npm run bench`). It also counts what a journey writes on the primary: write transactions (the
// transaction ids PostgreSQL assigned, which only writing transactions take) and WAL bytes, the
// figures docs/scaling.md sizes a primary and a cell with. A fresh database on BENCH_DATABASE_URL's
// server, dropped afterwards. --trades seeds that many trades first (e.g. 1000000, to see whether a
// journey costs more on a large table, and on which side).
// --per-call-cpu also prints each call's CPU in each server (scripts/bench/request-cpu.ts), with one
// client the steadiest figure there is of what a change to a call's path saves.
// --clients N runs N journeys at a time (as `npm run bench` does with 16): the latencies then
// include queueing, but the CPU per journey shows which process pays more under load.
// PROBE_NODE_FLAGS="--cpu-prof --cpu-prof-dir=prof" profiles the service, PROBE_BASELINE_NODE_FLAGS
// the baseline, to compare the two profiles.
import "../require-node.ts";
import { benchOptions } from "./cli-options.ts";
import { applyMigrations } from "../../lib/db/migrations.ts";
import { openBenchDatabase } from "./bench-database.ts";
import { initiateBody } from "./load.ts";
import { seedBench } from "./seed-bench.ts";
import { perCallCpu } from "./per-call-cpu.ts";
import { postgresCpuMs, processCpuMs } from "./process-cpu.ts";
import { baselineCommand, nodeFlagsFrom, serviceCommand, startServer, stopServer } from "./server.ts";

const values = benchOptions(
  "npm run bench:journey -- [--journeys 150] [--trades 1000] [--users 50] [--clients 1] [--per-call-cpu]\n" +
    "Each call of the trade journey, service against baseline, --clients at a time, on a database seeded with --trades trades.",
  {
    clients: { type: "string", default: "1" },
    "per-call-cpu": { type: "boolean", default: false },
    journeys: { type: "string", default: "150" },
    trades: { type: "string", default: "1000" },
    users: { type: "string", default: "50" },
  },
);
const JOURNEYS = Number(values.journeys);
const CLIENTS = Math.max(1, Number(values.clients));
const driverCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const WARM_UP = 10;
const BLOCK = 25 * CLIENTS;
const database = await openBenchDatabase({ prefix: "escrow_journey" });
const ports = { service: Number(process.env.BENCH_PORT ?? 3500), baseline: Number(process.env.BENCH_PORT ?? 3500) + 1 };
const children = [];
try {
  await applyMigrations(database.url);
  process.env.DATABASE_URL = database.url;
  const { db } = await import("../../lib/db/client.ts");
  const data = await seedBench(db, { tenants: 1, users: Number(values.users), trades: Number(values.trades) });
  await db.$disconnect();
  const tenant = data.tenants[0]!;
  // Statements prepared by name on both servers, as `npm run bench` runs them (without, each
  // call's figure would include planning its statements).
  const prepared = process.env.DATABASE_PREPARED_STATEMENTS ?? "on";
  const perCall = values["per-call-cpu"] ? perCallCpu() : null;
  const background = {
    env: { WEBHOOK_WORKER: "off", SCHEDULER: "off", DATABASE_PREPARED_STATEMENTS: prepared, ...perCall?.env },
  };
  const nodeFlags = [...nodeFlagsFrom("PROBE_NODE_FLAGS"), ...(perCall?.nodeFlags ?? [])];
  children.push(
    await startServer(
      "service",
      ports.service,
      serviceCommand(ports.service, { server: "direct", nodeFlags }),
      background,
    ),
  );
  children.push(
    await startServer(
      "baseline",
      ports.baseline,
      baselineCommand([...nodeFlagsFrom("PROBE_BASELINE_NODE_FLAGS"), ...(perCall?.nodeFlags ?? [])]),
      background,
    ),
  );

  const run = async (port: number, journeys: number) => {
    const times: Record<string, number[]> = {};
    const clients = Math.min(CLIENTS, journeys);
    await Promise.all(
      Array.from({ length: clients }, (_, client) =>
        runOneClient(port, times, client, Math.ceil((journeys - client) / clients), clients),
      ),
    );
    return times;
  };
  const runOneClient = async (
    port: number,
    times: Record<string, number[]>,
    first: number,
    journeys: number,
    stride: number,
  ) => {
    const headers = { authorization: `Bearer ${tenant.testApiKey}`, "content-type": "application/json" };
    const call = async (step: string, method: string, path: string, body?: unknown) => {
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}/api/v1${path}`, {
        method,
        headers,
        body: body === undefined ? (method === "POST" ? "{}" : undefined) : JSON.stringify(body),
      });
      const json = (await response.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the API's JSON as it comes
      (times[step] ??= []).push(performance.now() - started);
      if (!response.ok) throw new Error(`${step}: ${response.status} ${JSON.stringify(json)}`);
      return json;
    };
    for (let n = 0, i = first; n < journeys; n++, i += stride) {
      const payer = `${data.userPrefix}${i % tenant.userCount}`;
      const payee = `${data.userPrefix}${(i + 7) % tenant.userCount}`;
      const { tradeId } = await call(
        "Initiate trade",
        "POST",
        "/marketplace/trades/initiate",
        initiateBody(payer, payee),
      );
      const payment = await call(
        "Accept and pay",
        "POST",
        `/marketplace/users/${payer}/trades/${tradeId}/invitation/accept-and-pay`,
      );
      await call("Complete payment", "POST", `/sandbox/payments/${payment.paymentId}/complete`, {
        outcome: "succeeded",
      });
      await call("Buy delivery label", "POST", `/marketplace/users/${payee}/trades/${tradeId}/shipments/delivery`, {
        price: 59,
        shipmentProviderId: "gls",
        expectedMaxWeightInGrams: 5000,
      });
      const labelId = (await call("Get trade details", "GET", `/marketplace/users/${payee}/trades/${tradeId}`)).phases
        .delivery.labelId as string;
      await call("Shipment sent", "POST", `/sandbox/shipments/${labelId}/events`, { event: "sent" });
      await call("Shipment delivered", "POST", `/sandbox/shipments/${labelId}/events`, { event: "delivered" });
      await call("Accept condition", "POST", `/marketplace/users/${payer}/trades/${tradeId}/condition/accept`);
    }
  };
  await run(ports.service, WARM_UP);
  await run(ports.baseline, WARM_UP);
  // Nothing else writes to the server meanwhile (the servers' worker and scheduler are off): the
  // next transaction id and the WAL position move only by what the service's journeys write.
  const { default: pg } = await import("pg");
  const probe = new pg.Client({ connectionString: database.url });
  await probe.connect();
  const position = async () =>
    (
      await probe.query<{ xid: string; wal: string }>(
        "SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xid, pg_current_wal_lsn()::text AS wal",
      )
    ).rows[0]!;
  const lsn = (text: string) => {
    const [high, low] = text.split("/");
    return BigInt(`0x${high}`) * 2n ** 32n + BigInt(`0x${low}`);
  };
  // What each side costs in CPU per journey: its server, PostgreSQL, and this driver (the same for
  // both but for the answers' sizes).
  // The two sides take turns, BLOCK journeys at a time, so that a machine that slows down or
  // speeds up for a minute (a neighbour on the host) weighs on both alike.
  const side = (port: number, pid: number) => ({
    port,
    pid,
    times: {} as Record<string, number[]>,
    xids: 0,
    walBytes: 0,
    cpu: { server: 0, postgres: 0, driver: 0 },
  });
  const sides = [side(ports.service, children[0]!.pid!), side(ports.baseline, children[1]!.pid!)] as const;
  const cpuNow = (pid: number) => ({ server: processCpuMs(pid), postgres: postgresCpuMs(), driver: driverCpuMs() });
  for (let done = 0; done < JOURNEYS; done += BLOCK) {
    for (const each of sides) {
      const before = await position();
      const cpuBefore = cpuNow(each.pid);
      const times = await run(each.port, Math.min(BLOCK, JOURNEYS - done));
      const cpuAfter = cpuNow(each.pid);
      const after = await position();
      for (const [step, list] of Object.entries(times)) (each.times[step] ??= []).push(...list);
      each.xids += Number(after.xid) - Number(before.xid);
      each.walBytes += Number(lsn(after.wal) - lsn(before.wal));
      for (const key of ["server", "postgres", "driver"] as const) each.cpu[key] += cpuAfter[key] - cpuBefore[key];
    }
  }
  const [service, baseline] = sides.map((each) => each.times) as [Record<string, number[]>, Record<string, number[]>];
  const writes = sides[0].xids / JOURNEYS;
  const baselineWrites = sides[1].xids / JOURNEYS;
  const walBytes = sides[0].walBytes / JOURNEYS;
  const [cpuMs, baselineCpuMs] = sides.map((each) => ({
    server: each.cpu.server / JOURNEYS,
    postgres: each.cpu.postgres / JOURNEYS,
    driver: each.cpu.driver / JOURNEYS,
  })) as [{ server: number; postgres: number; driver: number }, { server: number; postgres: number; driver: number }];
  await probe.end();

  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  const perJourney = (times: Record<string, number[]>) =>
    Object.values(times).reduce((sum, list) => sum + list.reduce((a, b) => a + b, 0), 0) / JOURNEYS;
  console.log(
    `\n${JOURNEYS} journeys, ${CLIENTS === 1 ? "one client" : `${CLIENTS} clients`}, median milliseconds per call\n`,
  );
  console.log("| Call | Service | Baseline | Service − baseline |\n|---|---:|---:|---:|");
  for (const step of Object.keys(service)) {
    const [s, b] = [median(service[step]!), median(baseline[step]!)];
    console.log(`| ${step} | ${s.toFixed(1)} | ${b.toFixed(1)} | ${(s - b).toFixed(1)} |`);
  }
  console.log(
    `| **Whole journey (mean)** | **${perJourney(service).toFixed(1)}** | ` +
      `**${perJourney(baseline).toFixed(1)}** | ` +
      `**${(perJourney(service) - perJourney(baseline)).toFixed(1)}** |`,
  );
  console.log("\nCPU per journey, milliseconds (/proc; steadier than the latencies above)\n");
  console.log("| Process | Service | Baseline | Service ÷ baseline |\n|---|---:|---:|---:|");
  const total = (ms: typeof cpuMs) => ms.server + ms.postgres + ms.driver;
  for (const [label, s, b] of [
    ["Server", cpuMs.server, baselineCpuMs.server],
    ["PostgreSQL", cpuMs.postgres, baselineCpuMs.postgres],
    ["This driver", cpuMs.driver, baselineCpuMs.driver],
    ["**All**", total(cpuMs), total(baselineCpuMs)],
  ] as const)
    console.log(`| ${label} | ${s.toFixed(2)} | ${b.toFixed(2)} | ${((s / b) * 100).toFixed(0)}% |`);
  console.log(
    `\nThe service's journey writes on the primary: ${writes.toFixed(1)} write transactions and ` +
      `${Math.round(walBytes).toLocaleString("en")} WAL bytes per journey (${JOURNEYS} journeys); ` +
      `the baseline ${baselineWrites.toFixed(1)} write transactions.`,
  );
  if (perCall) {
    const [servicePid, baselinePid] = [children[0]!.pid!, children[1]!.pid!];
    for (const child of children.splice(0)) await stopServer(child);
    perCall.print(servicePid, baselinePid, JOURNEYS + WARM_UP);
  }
} finally {
  for (const child of children) await stopServer(child);
  await database.drop();
}
