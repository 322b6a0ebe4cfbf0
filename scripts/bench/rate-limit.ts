// npm run bench:rate-limit -- [--seconds 5] [--concurrency 16]
// What the rate limit costs (docs/reliability.md, "Rate limits"), on a fresh database on
// BENCH_DATABASE_URL's server (default the local PostgreSQL): a counter statement per request (the
// design not taken) against a plain round trip and the token lookup every request already makes;
// the in-memory count that requests do pay; one batched flush; the statement on a logged table,
// to show what UNLOGGED saves. A benchmark, not a test.
import "../require-node.ts";
import { benchOptions } from "./cli-options.ts";
import { applyMigrations } from "../../lib/db/migrations.ts";
import { openBenchDatabase } from "./bench-database.ts";

const values = benchOptions(
  "npm run bench:rate-limit -- [--seconds 5] [--concurrency 16]\nWhat the rate limit costs per request.",
  {
    seconds: { type: "string", default: "5" },
    concurrency: { type: "string", default: "16" },
  },
);
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);

const database = await openBenchDatabase({ prefix: "escrow_bench_rl" });

/** Runs `task` from `concurrency` loops for `seconds`; operations per second and mean latency. */
async function measure(label: string, task: (i: number) => Promise<unknown>) {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  let busyMs = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, loop) => {
      while (performance.now() < until) {
        const started = performance.now();
        await task(loop * 1_000_000 + done);
        busyMs += performance.now() - started;
        done++;
      }
    }),
  );
  const row = { label, perSecond: Math.round(done / seconds), meanMs: Number((busyMs / done).toFixed(2)) };
  console.log(`${label.padEnd(58)} ${String(row.perSecond).padStart(7)} /s   mean ${row.meanMs} ms`);
  return row;
}

try {
  await applyMigrations(database.url);
  process.env.DATABASE_URL = database.url;
  const { db } = await import("../../lib/db/client.ts");
  const { UPSERT_COUNTS, WindowCounter } = await import("../../lib/rate-limits/window-counter.ts");
  const { createTenant } = await import("../../lib/tenants/create-tenant.ts");
  const { hashApiToken } = await import("../../lib/auth/api-tokens.ts");
  const tenant = await createTenant(db, { name: "Rate limit bench" });
  const tokenHash = hashApiToken(tenant.testApiKey);
  // The statement one request would run if each request counted in the database itself.
  const upsertOne = (key: string) =>
    db.$queryRawUnsafe(UPSERT_COUNTS, [key], [1], [String(Date.now() + 60_000)], String(Date.now()));

  // Warm up the pool, the prepared statements and the JIT before anything is counted.
  for (let i = 0; i < 2000; i++) await Promise.all([db.$queryRawUnsafe("SELECT 1"), upsertOne(`warm-${i % 10}`)]);
  console.log(
    `PostgreSQL, ${concurrency} concurrent, ${seconds} s each, Prisma pool of ${process.env.DATABASE_POOL_SIZE ?? 10}`,
  );
  await measure("round trip: SELECT 1", () => db.$queryRawUnsafe("SELECT 1"));
  await measure("token lookup (authenticate's findUnique + tenant)", () =>
    db.apiToken.findUnique({ where: { tokenHash }, include: { tenant: true } }),
  );
  await measure("one counter statement per request, one hot key", () => upsertOne("hot"));
  await measure("one counter statement per request, 1,000 keys", (i) => upsertOne(`many-${i % 1000}`));

  const counter = new WindowCounter();
  const calls = 1_000_000;
  let started = performance.now();
  for (let i = 0; i < calls; i++) counter.count(`api:token-${i % 1000}`, 1_000_000_000);
  console.log(
    `${"in-memory count() per request, 1,000 keys".padEnd(58)} ${(((performance.now() - started) * 1000) / calls).toFixed(2)} µs per call`,
  );
  started = performance.now();
  await counter.flush();
  console.log(`${"one flush of 1,000 keys (one statement)".padEnd(58)} ${(performance.now() - started).toFixed(1)} ms`);
  // What an instance pays per flush (it flushes at most ten times a second, whatever the load).
  for (const keys of [1, 100]) {
    const cpu = process.cpuUsage();
    started = performance.now();
    for (let round = 0; round < 200; round++) {
      for (let k = 0; k < keys; k++) counter.count(`api:flush-${k}`, 1_000_000_000);
      await counter.flush();
    }
    const used = process.cpuUsage(cpu);
    console.log(
      `${`flush of ${keys} key(s): wall / this process's CPU`.padEnd(58)} ${((performance.now() - started) / 200).toFixed(2)} ` +
        `ms / ${((used.user + used.system) / 1000 / 200).toFixed(2)} ms`,
    );
  }
  await db.$executeRawUnsafe(`ALTER TABLE "RateLimitCounter" SET LOGGED`);
  await measure("one counter statement per request, 1,000 keys, LOGGED", (i) => upsertOne(`logged-${i % 1000}`));
  await db.$disconnect();
} finally {
  await database.drop();
}
// The WebAssembly schema engine leaves a timer running (docs/toolchain.md).
process.exit(0);
