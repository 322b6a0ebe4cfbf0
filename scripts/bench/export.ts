// npm run bench:export -- [--rows 1000000] [--format csv|jsonl]
// Streams the ledger-movements export of a tenant with `rows` ledger postings (two per transfer,
// seeded in PostgreSQL with INSERT … SELECT generate_series) from a server process of its own, and
// samples that process's resident memory every 100 ms while the client reads. Reports rows/s and
// RSS at the start, peak and end: flat memory means the export holds one batch, not the file.
// A benchmark, not a test: it reports figures and asserts nothing. Database: a fresh one on
// BENCH_DATABASE_URL's server (default the local PostgreSQL), dropped after.
import "../require-node.ts";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { applyMigrations } from "../../lib/db/migrations.ts";
import { openBenchDatabase } from "./bench-database.ts";
import { benchOptions } from "./cli-options.ts";

const values = benchOptions(
  "npm run bench:export -- [--rows 1000000] [--format csv|jsonl]\nThe ledger-movements export " +
    "of a tenant with that many ledger postings, and the server's memory while it streams " +
    "(docs/performance.md).",
  {
    rows: { type: "string", default: "1000000" },
    format: { type: "string", default: "csv" },
  },
);
const rowCount = Number(values.rows);
const transfers = Math.ceil(rowCount / 2);
const f = (n: number) => Math.round(n).toLocaleString("en");

/** Resident memory of one process in MB, from the kernel (no `ps` per sample). */
function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : 0;
}

const { url, drop } = await openBenchDatabase({ prefix: "escrow_bench_export" });
try {
  await applyMigrations(url);
  process.env.DATABASE_URL = url;
  const { db } = await import("../../lib/db/client.ts");
  const { createTenant } = await import("../../lib/tenants/create-tenant.ts");
  const { tenantId, testApiKey } = await createTenant(db, { name: "Bench tenant" });

  const seeding = performance.now();
  // One transfer every 2 s through November 2026, each a funding: out of payer_funding, into escrow.
  await db.$executeRawUnsafe(
    `INSERT INTO "LedgerTransfer" ("id", "tenantId", "mode", "tradeId", "kind", "currency", "createdAt")
     SELECT gen_random_uuid()::text, $1, 'test', 'trade-' || (g / 3), 'escrow_funding', 'DKK', timestamp '2026-11-01 00:00:00' + g * interval '2 seconds'
     FROM generate_series(1, $2::int) g`,
    tenantId,
    transfers,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO "LedgerPosting" ("transferId", "tenantId", "tradeId", "account", "amountMinor")
     SELECT t."id", t."tenantId", t."tradeId", a.account, a.sign * (1000 + (extract(epoch FROM t."createdAt")::bigint % 997) * 1013)
     FROM "LedgerTransfer" t CROSS JOIN (VALUES ('payer_funding', -1), ('escrow', 1)) AS a(account, sign)
     WHERE t."tenantId" = $1`,
    tenantId,
  );
  await db.$executeRawUnsafe(`ANALYZE "LedgerTransfer"; `);
  await db.$executeRawUnsafe(`ANALYZE "LedgerPosting"`);
  console.log(
    `Seeded ${f(transfers * 2)} ledger postings (${f(transfers)} transfers) in ${((performance.now() - seeding) / 1000).toFixed(1)} s (PostgreSQL).`,
  );
  await db.$disconnect();

  const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench/export-server.ts"], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, DATABASE_URL: url, NODE_ENV: "production", LOG_LEVEL: "warn" },
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on(
        "line",
        (line) => line.startsWith("ready ") && resolve(Number(line.slice(6))),
      );
      child.once("exit", (code) => reject(new Error(`export server exited with ${code}`)));
    });
    // Warm up first (module loading, the Prisma client, the connection pool): an hour's export (3,600 rows).
    await (
      await fetch(
        `http://127.0.0.1:${port}/api/v1/marketplace/exports/ledger-movements?from=2026-11-01T00:00:00Z&to=2026-11-01T01:00:00Z`,
        { headers: { Authorization: `Bearer ${testApiKey}` } },
      )
    ).text();
    const start = rssMb(child.pid!);
    let peak = start;
    const samples: number[] = [];
    const timer = setInterval(() => {
      const now = rssMb(child.pid!);
      samples.push(now);
      peak = Math.max(peak, now);
    }, 100);

    const started = performance.now();
    const response = await fetch(
      `http://127.0.0.1:${port}/api/v1/marketplace/exports/ledger-movements?from=2026-11-01T00:00:00Z&to=2026-12-01T00:00:00Z&format=${values.format}`,
      { headers: { Authorization: `Bearer ${testApiKey}` } },
    );
    if (response.status !== 200) throw new Error(`export answered ${response.status}: ${await response.text()}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body!) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines++;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(timer);
    const end = rssMb(child.pid!);
    const rows = values.format === "csv" ? lines - 1 : lines;
    const tenth = (i: number) => samples[Math.min(samples.length - 1, Math.floor((samples.length * i) / 10))]!;
    console.log(
      `\nledger-movements export, ${values.format}: ${f(rows)} rows, ${(bytes / 1e6).toFixed(1)} ` +
        `MB in ${seconds.toFixed(1)} s = ${f(rows / seconds)} rows/s (${(bytes / 1e6 / seconds).toFixed(1)} ` +
        `MB/s)`,
    );
    console.log(
      `server RSS: start ${start.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, end ${end.toFixed(0)} MB (${samples.length} samples every 100 ms)`,
    );
    console.log(
      `RSS at each tenth of the transfer: ${Array.from({ length: 11 }, (_, i) => tenth(i).toFixed(0)).join(" → ")} MB`,
    );
  } finally {
    child.kill("SIGTERM");
  }
} finally {
  await drop();
}
process.exit(0);
