// The read replicas of DATABASE_REPLICA_URLS: a client per replica, made the way the primary's is
// (createDb), and a probe per replica that measures, every DATABASE_REPLICA_PROBE_MS, whether it
// answers and how far its replay is behind. lib/db/read-target.ts picks from what the probes saw.
//
// The lag is what the replica itself knows: 0 while it streams from the primary and has replayed
// all the WAL it received, else the time since the last transaction it replayed committed on the
// primary. WAL a streaming replica has not yet received is not counted; on a healthy network that
// is milliseconds. A replica not streaming (its primary gone, being switched over, or the network
// cut) counts from its last replayed transaction, so it is skipped once that is older than the
// bound — in a quiet database too, where that is the cautious side. A node that is not in
// recovery (a replica promoted by a switchover) is a primary: lag 0, and it stays usable.
//
// A replica is read only if its lag as measured plus the time since the probe was sent is within
// DATABASE_REPLICA_MAX_LAG_MS: replay only moves forward, so that sum bounds how stale a read there
// can be, whenever it happens between two probes.
import { setTimeout as sleep } from "node:timers/promises";
import type pg from "pg";
import { replicaSettings, type ReplicaSettings } from "../config.ts";
import { createDb, poolOf, type Db } from "./client.ts";
import { createPool } from "./pool.ts";

export interface Replica {
  /** host:port/database: the metrics' label and the logs' name (never the password). */
  name: string;
  client: Db;
  pool: pg.Pool;
  /** Whether the last probe was answered (and no read has failed on it since). */
  up: boolean;
  /** The replay lag the last probe measured, in ms. */
  lagMs: number;
  /** When the last answered probe was sent (performance.now()). */
  probedAt: number;
  /** Probes that have come back, answered or not (the live check waits for the first). */
  probesDone?: number;
}

export interface ReplicaSet {
  settings: ReplicaSettings;
  replicas: Replica[];
  /** Stops the probes and closes every replica's connections. */
  close(): Promise<void>;
}

const PROBE_TIMEOUT_MS = 1_000;

// The replica's answer to "how far behind are you?" (see the header).
// pg_stat_wal_receiver has a row while a WAL receiver runs; its status is shown only to roles with
// pg_read_all_stats (null to others, who are then trusted on the row alone).
const LAG_SQL = `SELECT CASE
    WHEN NOT pg_is_in_recovery() THEN 0
    WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn()
      AND EXISTS (SELECT 1 FROM pg_stat_wal_receiver WHERE coalesce(status, 'streaming') = 'streaming') THEN 0
    ELSE extract(epoch FROM now() - pg_last_xact_replay_timestamp()) * 1000
  END::float8 AS "lagMs"`;

export function replicaName(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname}`;
  } catch {
    return "(unparseable address)";
  }
}

/** A replica's usable lag bound right now: measured lag plus the time since its probe was sent. */
export function stalenessBoundMs(replica: Pick<Replica, "lagMs" | "probedAt">, now = performance.now()): number {
  return replica.lagMs + (now - replica.probedAt);
}

/** Opens the replicas of `settings` and starts their probes; null when none is configured. */
export function openReplicaSet(settings: ReplicaSettings = replicaSettings()): ReplicaSet | null {
  if (!settings.urls.length) return null;
  const poolSize = Number(process.env.DATABASE_POOL_SIZE ?? 10);
  const probes: pg.Pool[] = [];
  const replicas = settings.urls.map((url): Replica => {
    const client = createDb(url, poolSize, {
      poolName: "replica",
      connectionTimeoutMillis: PROBE_TIMEOUT_MS,
      queryTimeoutMillis: settings.queryTimeoutMs,
    });
    const probe = createPool("replica-probe", {
      connectionString: url,
      max: 1,
      connectionTimeoutMillis: PROBE_TIMEOUT_MS,
      query_timeout: PROBE_TIMEOUT_MS,
      idleTimeoutMillis: 30_000,
      allowExitOnIdle: true, // a script that read from a replica still exits when it is done
    });
    probes.push(probe);
    // Down until its first probe answers: no read goes to a node nobody has measured.
    return { name: replicaName(url), client, pool: poolOf(client), up: false, lagMs: Infinity, probedAt: 0 };
  });

  const probeOnce = async (replica: Replica, probe: pg.Pool) => {
    const sentAt = performance.now();
    try {
      const { rows } = await probe.query<{ lagMs: number | null }>(LAG_SQL);
      // No transaction replayed yet while WAL waits: nothing says how old its data is.
      const lagMs = rows[0]?.lagMs ?? Infinity;
      Object.assign(replica, { up: true, lagMs, probedAt: sentAt });
    } catch {
      Object.assign(replica, { up: false, lagMs: Infinity });
    }
    replica.probesDone = (replica.probesDone ?? 0) + 1;
  };
  const stop = new AbortController();
  const rounds = replicas.map(async (replica, index) => {
    while (!stop.signal.aborted) {
      const started = performance.now();
      await probeOnce(replica, probes[index]!);
      const wait = settings.probeIntervalMs - (performance.now() - started);
      // Unreferenced: the probes alone do not keep a process alive; close() ends the wait at once.
      if (wait > 0) await sleep(wait, undefined, { signal: stop.signal, ref: false }).catch(() => {});
    }
  });
  return {
    settings,
    replicas,
    async close() {
      stop.abort();
      await Promise.allSettled(rounds);
      await Promise.allSettled([
        ...replicas.map((replica) => replica.client.$disconnect()),
        ...probes.map((p) => p.end()),
      ]);
    },
  };
}

const KEY = Symbol.for("escrow.replicaSet");
// On globalThis, like the primary's client (lib/db/client.ts): the server loads lib/db twice.
const holder = globalThis as { [KEY]?: ReplicaSet | null };

/** This process's replicas, opened at first use; null when DATABASE_REPLICA_URLS names none. */
export function processReplicaSet(): ReplicaSet | null {
  if (holder[KEY] === undefined) holder[KEY] = openReplicaSet();
  return holder[KEY];
}

/**
 * The replicas if this process has opened them, without opening them: for the metrics, so that a
 * process that never reads from a replica (the worker) does not start probing them at a scrape.
 */
export function openedReplicaSet(): ReplicaSet | null {
  return holder[KEY] ?? null;
}

/** At shutdown: stops the probes and closes the replicas' connections. */
export async function closeProcessReplicaSet(): Promise<void> {
  const set = holder[KEY];
  holder[KEY] = undefined;
  await set?.close();
}
