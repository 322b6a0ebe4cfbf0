// Where a read that tolerates staleness runs: a replica that answers and is within
// DATABASE_REPLICA_MAX_LAG_MS of the primary (lib/db/replicas.ts), else the primary. The reads
// that may come here are listed in docs/scaling.md ("PostgreSQL with read replicas"); everything
// on the money path, and every read a client makes of what it has just written, stays on the primary.
//
// No error of a replica reaches a user: a read whose replica fails (its connection lost, the node
// gone or hung past DATABASE_REPLICA_QUERY_TIMEOUT_MS, a query cancelled by replay) marks the replica down until its probe answers again, and runs
// once more on the primary.
//
// Read-your-writes: after a tenant's write through this process (noteTenantWrite, called by the
// API's and the console's route wrappers), that tenant's stale reads in this process go to the
// primary for DATABASE_REPLICA_MAX_LAG_MS. A client that stays on one server reads its own writes;
// across servers the promise is the lag bound.
import { isConnectionLost } from "./connection-lost.ts";
import { readScope } from "./read-scope.ts";
import { processReplicaSet, stalenessBoundMs, type Replica } from "./replicas.ts";
import { log } from "../ops/log.ts";
import { metrics } from "../ops/metrics.ts";

/** The reads that may run on a replica, for the metrics' `read` label. */
export type StaleRead =
  | "console-list"
  | "console-overview"
  | "export"
  | "delivery-log"
  | "request-log"
  | "event-feed"
  | "closed-balance-transactions"
  | "trade-list";

/** Why a read ran where it did: the metrics' `reason` label. */
type Reason =
  | "within-lag-bound" // on a replica
  | "no-replicas" // none configured
  | "own-write" // the tenant wrote through this process within the lag bound
  | "none-within-bound" // every replica down or too far behind
  | "replica-failed"; // tried on a replica, failed, run again on the primary

const WRITES_KEY = Symbol.for("escrow.tenantWrites");
// When each tenant last wrote through this process (ms, performance.now()); on globalThis because
// the server loads this module twice. Entries older than the lag bound are dropped as they are met.
const lastWrites = ((globalThis as { [WRITES_KEY]?: Map<string, number> })[WRITES_KEY] ??= new Map());

/** A tenant changed something through this process: its stale reads here go to the primary for a while. */
export function noteTenantWrite(tenantId: string): void {
  if (!processReplicaSet()) return;
  lastWrites.delete(tenantId); // re-inserted last: the map stays in order of writes
  lastWrites.set(tenantId, performance.now());
}

function wroteRecently(tenantId: string, boundMs: number, now: number): boolean {
  // The oldest entries first: drop those past the bound, so the map holds only recent writers.
  for (const [tenant, at] of lastWrites) {
    if (now - at <= boundMs) break;
    lastWrites.delete(tenant);
  }
  const at = lastWrites.get(tenantId);
  return at !== undefined && now - at <= boundMs;
}

let turn = 0;

/** A replica within the bound, taking turns among them; null when none is. */
export function pickReplica(replicas: Replica[], maxLagMs: number, now = performance.now()): Replica | null {
  const usable = replicas.filter((replica) => replica.up && stalenessBoundMs(replica, now) <= maxLagMs);
  if (!usable.length) return null;
  return usable[turn++ % usable.length]!;
}

/**
 * Runs `read` (statements through `db` or lib/db/sql.ts) on a replica within the lag bound, or on
 * the primary. `read` must not write: inside it, `db` is the replica's client.
 */
export async function staleRead<T>(what: StaleRead, tenantId: string, read: () => Promise<T>): Promise<T> {
  const set = processReplicaSet();
  const count = (target: "primary" | "replica", reason: Reason) =>
    metrics().dbReads.inc({ read: what, target, reason });
  if (!set) {
    count("primary", "no-replicas");
    return read();
  }
  const now = performance.now();
  if (wroteRecently(tenantId, set.settings.maxLagMs, now)) {
    count("primary", "own-write");
    return read();
  }
  const replica = pickReplica(set.replicas, set.settings.maxLagMs, now);
  if (!replica) {
    count("primary", "none-within-bound");
    return read();
  }
  try {
    const result = await readScope.run({ client: replica.client, pool: replica.pool }, read);
    count("replica", "within-lag-bound");
    return result;
  } catch (error) {
    if (!failedOnReplica(error)) throw error;
    // Out until its probe answers again; the caller never hears of it.
    replica.up = false;
    log.warn("read replica failed: read again on the primary", {
      replica: replica.name,
      read: what,
      reason: error instanceof Error ? error.message : String(error),
    });
    count("primary", "replica-failed");
    return read();
  }
}

// Prisma's own codes for a server it cannot reach, a timeout reaching it, one that closed the connection.
const PRISMA_UNREACHABLE = new Set(["P1001", "P1002", "P1008", "P1017"]);

/** Whether an error came from the replica rather than from the read: the primary may answer it. */
function failedOnReplica(error: unknown): boolean {
  if (isConnectionLost(error)) return true;
  const { code } = (error ?? {}) as { code?: unknown };
  if (typeof code === "string" && PRISMA_UNREACHABLE.has(code)) return true;
  const text = String(error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : error);
  return (
    /conflict with recovery/i.test(text) || // 40001: replay needed rows this query was reading
    /can't reach database server/i.test(text) ||
    /timeout exceeded when trying to connect|Connection terminated due to connection timeout/i.test(text) ||
    /Query read timeout/i.test(text) // DATABASE_REPLICA_QUERY_TIMEOUT_MS: the node stopped answering
  );
}
