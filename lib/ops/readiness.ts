// Health and readiness, as load balancers and orchestrators ask for them. /healthz: the process
// serves. /readyz: it should get traffic — the database answers within a second, every migration
// this code knows is applied, and the process is not shutting down. Neither needs a token and
// neither says more than the reason (no versions, no addresses). Where the process reads from
// replicas (DATABASE_REPLICA_URLS), /readyz also says how many are in use ("1 of 2 in use (1
// down)"): a replica out of use leaves the instance ready, since its reads run on the primary,
// but the load balancer's view of every instance then shows it.
import { existsSync, readdirSync } from "node:fs";
import { APPLIED_MIGRATIONS_SQL } from "../db/applied-migrations.ts";
import path from "node:path";
import type pg from "pg";
import { createPool } from "../db/pool.ts";
import { replicaSummary } from "../db/replica-health.ts";
import { openedReplicaSet } from "../db/replicas.ts";
import { isShuttingDown } from "./lifecycle.ts";

export type Readiness = { ready: true } | { ready: false; reason: string };

const CHECK_TIMEOUT_MS = 1_000;

/**
 * Its own single connection: a pool busy with requests must not make the check wait (the load
 * balancer would take a busy instance out), and a dead database must not hold a request slot.
 */
let checkPool: pg.Pool | null = null;
function pool(): pg.Pool {
  // A connection the database dropped (restart, failover) is logged, not a crash (lib/db/pool.ts).
  checkPool ??= createPool("readiness", {
    connectionString: process.env.DATABASE_URL,
    max: 1,
    connectionTimeoutMillis: CHECK_TIMEOUT_MS,
    query_timeout: CHECK_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
  });
  return checkPool;
}

let expected: string[] | null = null;
/** The migrations this code was built with (prisma/migrations), read once. */
function expectedMigrations(): string[] {
  if (!expected) {
    const dir = path.resolve("prisma/migrations");
    expected = existsSync(dir)
      ? readdirSync(dir, { withFileTypes: true })
          .filter((e) => e.isDirectory())
          .map((e) => e.name)
      : [];
  }
  return expected;
}

export async function checkReadiness(): Promise<Readiness> {
  if (isShuttingDown()) return { ready: false, reason: "shutting down" };
  if (!process.env.DATABASE_URL) return { ready: false, reason: "no database configured" };
  let applied: Set<string>;
  try {
    const result = await pool().query<{ migration_name: string }>(APPLIED_MIGRATIONS_SQL);
    applied = new Set(result.rows.map((row) => row.migration_name));
  } catch {
    return { ready: false, reason: "database unavailable" };
  }
  const missing = expectedMigrations().filter((name) => !applied.has(name));
  if (missing.length) return { ready: false, reason: `migrations not applied: ${missing.join(", ")}` };
  return { ready: true };
}

/** The answers of GET /healthz and GET /readyz, for every server that serves them. */
export async function healthResponse(
  path: "/healthz" | "/readyz",
): Promise<{ status: number; body: Record<string, string> }> {
  if (path === "/healthz") return { status: 200, body: { status: "ok" } };
  const readiness = await checkReadiness();
  const replicas = openedReplicaSet();
  const replicaLine: Record<string, string> = replicas ? { replicas: replicaSummary(replicas) } : {};
  return readiness.ready
    ? { status: 200, body: { status: "ready", ...replicaLine } }
    : { status: 503, body: { status: "not ready", reason: readiness.reason, ...replicaLine } };
}

export async function closeReadinessPool(): Promise<void> {
  await checkPool?.end().catch(() => {});
  checkPool = null;
}
