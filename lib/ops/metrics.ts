// The process's Prometheus metrics (prom-client: the Prometheus text format and its types, kept by
// the Prometheus community; not worth writing by hand). HTTP metrics follow OpenTelemetry's names;
// everything about money and events starts with `escrow_`. Counters are bumped where things
// happen; the gauges that need the database are read when Prometheus scrapes, one cheap indexed
// query each, cached for a few seconds — never on a request's path.
//
// One registry per process on globalThis: the production server loads this module twice (Next's
// bundle for pages and background jobs, tsx for the API and scripts/serve.ts), and both must count
// into the one page that /metrics serves.
//
// lib/ops sits in the foundation (eslint.config.mjs): everything may import it, and it imports no
// use case. A gauge that needs a use case's knowledge is added by that use case's layer onto this
// registry (lib/jobs/deadline-metrics.ts), not read from here.
import client from "prom-client";
import { currentPool } from "../db/client.ts";
import { openedReplicaSet, stalenessBoundMs } from "../db/replicas.ts";
import { checkReadiness } from "./readiness.ts";

export interface EscrowMetrics {
  registry: client.Registry;
  httpDuration: client.Histogram<"http_request_method" | "http_route" | "http_response_status_code">;
  httpActive: client.Gauge<"http_request_method">;
  transitions: client.Counter<"action">;
  payments: client.Counter<"purpose" | "outcome">;
  payouts: client.Counter<"outcome">;
  railCallbacks: client.Counter<"provider" | "outcome">;
  carrierEvents: client.Counter<"provider" | "outcome">;
  rateLimitRefusals: client.Counter<"http_route">;
  renderedTrades: client.Counter<"result">;
  pagePositions: client.Counter<"result">;
  dbReads: client.Counter<"read" | "target" | "reason">;
}

const KEY = Symbol.for("escrow.metrics");
const CACHE_MS = 5_000;

/** A scrape-time reading shared by the gauges it feeds, refreshed at most every CACHE_MS. */
export function cachedReading<T>(read: () => Promise<T>): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | null = null;
  return () => {
    if (!last || Date.now() - last.at > CACHE_MS) {
      const value = read();
      last = { at: Date.now(), value };
      // A failed reading is not cached: the next scrape tries again.
      value.catch(() => (last = null));
    }
    return last.value;
  };
}

/** The first row of one statement on this process's pool, for a gauge read at scrape time. */
export const scrapeQuery = async <T>(sql: string, values: unknown[] = []): Promise<T> =>
  (await currentPool().query(sql, values)).rows[0] as T;

const deliveries = cachedReading(() =>
  scrapeQuery<{ pending: string; retrying: string; failed: string; oldest: number | null }>(
    `SELECT count(*) FILTER (WHERE "status" = 'Pending' AND "attemptCount" = 0) AS pending,
            count(*) FILTER (WHERE "status" = 'Pending' AND "attemptCount" > 0) AS retrying,
            count(*) FILTER (WHERE "status" = 'Failed') AS failed,
            extract(epoch FROM now() - min("nextAttemptAt") FILTER (WHERE "status" = 'Pending' AND "attemptCount" = 0))::float8 AS oldest
     FROM "WebhookDelivery" WHERE "status" IN ('Pending', 'Failed')`,
  ),
);

const carrierInbox = cachedReading(() =>
  scrapeQuery<{ waiting: string; oldest: number | null }>(
    `SELECT count(*) AS waiting, extract(epoch FROM now() - min("receivedAt"))::float8 AS oldest FROM "CarrierEvent" WHERE "appliedAt" IS NULL`,
  ),
);

const railInbox = cachedReading(() =>
  scrapeQuery<{ waiting: string; oldest: number | null }>(
    `SELECT count(*) AS waiting, extract(epoch FROM now() - min("receivedAt"))::float8 AS oldest FROM "RailCallback" WHERE "appliedAt" IS NULL`,
  ),
);

// The newest reconciliation of each rail: how many mismatches it found, and how old the newest is.
const railReconciliation = cachedReading(() =>
  scrapeQuery<{ mismatched: string; age: number | null }>(
    `SELECT coalesce(sum(r."mismatched"), 0) AS mismatched,
       extract(epoch FROM now() - max(r."finishedAt"))::float8 AS age
     FROM "RailReconciliation" r
     WHERE r."finishedAt" = (SELECT max(n."finishedAt") FROM "RailReconciliation" n WHERE n."provider" = r."provider")`,
  ),
);

const outbox = cachedReading(() =>
  scrapeQuery<{ waiting: string; oldest: number | null }>(
    `SELECT count(*) AS waiting, extract(epoch FROM now() - min("createdAt"))::float8 AS oldest FROM "OutboxEvent" WHERE "dispatchedAt" IS NULL`,
  ),
);

function create(): EscrowMetrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  // Gauges that prom-client names with "_total", which Prometheus reserves for counters
  // (`promtool check metrics` refuses them); the event-loop and heap metrics say more anyway.
  for (const name of ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"])
    registry.removeSingleMetric(name);
  const metrics: EscrowMetrics = {
    registry,
    httpDuration: new client.Histogram({
      name: "http_server_request_duration_seconds",
      help: "Duration of HTTP server requests, by route template (never the raw path).",
      labelNames: ["http_request_method", "http_route", "http_response_status_code"],
      // OpenTelemetry's advised boundaries for http.server.request.duration.
      buckets: [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10],
      registers: [registry],
    }),
    httpActive: new client.Gauge({
      name: "http_server_active_requests",
      help: "HTTP requests being served now.",
      labelNames: ["http_request_method"],
      registers: [registry],
    }),
    transitions: new client.Counter({
      name: "escrow_transitions_total",
      help: "Trade transitions applied, by action of the transition table.",
      labelNames: ["action"],
      registers: [registry],
    }),
    payments: new client.Counter({
      name: "escrow_payments_total",
      help: "Payments completed by the payment rail, by purpose and outcome.",
      labelNames: ["purpose", "outcome"],
      registers: [registry],
    }),
    railCallbacks: new client.Counter({
      name: "escrow_rail_callbacks_total",
      help: "Callbacks received from payment rails, by rail and outcome (applied, duplicate, refused: bad signature, failed: kept to apply later).",
      labelNames: ["provider", "outcome"],
      registers: [registry],
    }),
    carrierEvents: new client.Counter({
      name: "escrow_carrier_events_total",
      help:
        "Tracking messages from carriers, by carrier and outcome (applied, passed already, duplicate, " +
        "failed: kept to apply later; swept: applied by the sweep).",
      labelNames: ["provider", "outcome"],
      registers: [registry],
    }),
    payouts: new client.Counter({
      name: "escrow_payouts_total",
      help: "Payout tries answered by the payment rail, by outcome (paid, failed).",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    rateLimitRefusals: new client.Counter({
      name: "escrow_rate_limit_refusals_total",
      help: "Requests refused with 429 by a rate limit, by route template.",
      labelNames: ["http_route"],
      registers: [registry],
    }),
    renderedTrades: new client.Counter({
      name: "escrow_rendered_trades_total",
      help: "Trades answered in pages of Get trades: kept (rendered before, rows unchanged) or rendered.",
      labelNames: ["result"],
      registers: [registry],
    }),
    pagePositions: new client.Counter({
      name: "escrow_page_positions_total",
      help: "Pages of Get trades after the first read from where they began before: kept (the user's trades unchanged) or stale (read again from the start).",
      labelNames: ["result"],
      registers: [registry],
    }),
    dbReads: new client.Counter({
      name: "escrow_db_reads_total",
      help:
        "Reads that tolerate staleness (lib/db/read-target.ts), by read, target (primary, replica) and why there " +
        "(within-lag-bound, no-replicas, own-write, none-within-bound, replica-failed).",
      labelNames: ["read", "target", "reason"],
      registers: [registry],
    }),
  };
  const pool = (read: (p: ReturnType<typeof currentPool>) => number) => () => {
    try {
      return read(currentPool());
    } catch {
      return 0; // no database configured in this process
    }
  };
  new client.Gauge({
    name: "escrow_db_pool_connections",
    help: "Database connections of this process's pool, by state.",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      this.set({ state: "in_use" }, pool((p) => p.totalCount - p.idleCount)());
      this.set({ state: "idle" }, pool((p) => p.idleCount)());
    },
  });
  new client.Gauge({
    name: "escrow_db_pool_waiting_requests",
    help: "Queries waiting for a free database connection in this process.",
    registers: [registry],
    collect() {
      this.set(pool((p) => p.waitingCount)());
    },
  });
  new client.Gauge({
    name: "escrow_db_replica_up",
    help: "1 while a read replica of DATABASE_REPLICA_URLS answers its probe, else 0 (absent where no replica is read: none configured, or the worker).",
    labelNames: ["replica"],
    registers: [registry],
    collect() {
      for (const replica of openedReplicaSet()?.replicas ?? []) this.set({ replica: replica.name }, replica.up ? 1 : 0);
    },
  });
  new client.Gauge({
    name: "escrow_db_replica_lag_seconds",
    // Measured lag plus the time since the probe: what the read target compares with the bound.
    help: "How far behind the primary a read on each replica may be, in seconds (absent while it is down: see escrow_db_replica_up).",
    labelNames: ["replica"],
    registers: [registry],
    collect() {
      this.reset();
      for (const replica of openedReplicaSet()?.replicas ?? [])
        if (replica.up) this.set({ replica: replica.name }, stalenessBoundMs(replica) / 1000);
    },
  });
  new client.Gauge({
    name: "escrow_webhook_deliveries",
    help: "Webhook deliveries not yet succeeded: pending (never tried), retrying, failed (gave up).",
    labelNames: ["status"],
    registers: [registry],
    async collect() {
      const reading = await deliveries();
      this.set({ status: "pending" }, Number(reading.pending));
      this.set({ status: "retrying" }, Number(reading.retrying));
      this.set({ status: "failed" }, Number(reading.failed));
    },
  });
  new client.Gauge({
    name: "escrow_webhook_oldest_pending_age_seconds",
    // Retries wait on the receiver by design; a first attempt that waits means the workers lag.
    help: "How long the oldest webhook delivery due for its first attempt has waited (0 when none).",
    registers: [registry],
    async collect() {
      this.set((await deliveries()).oldest ?? 0);
    },
  });
  new client.Gauge({
    name: "escrow_outbox_undispatched_events",
    help: "Events written by transitions and not yet fanned out to subscriptions.",
    registers: [registry],
    async collect() {
      this.set(Number((await outbox()).waiting));
    },
  });
  new client.Gauge({
    name: "escrow_outbox_oldest_undispatched_age_seconds",
    help: "Age of the oldest event not yet fanned out (0 when none).",
    registers: [registry],
    async collect() {
      this.set((await outbox()).oldest ?? 0);
    },
  });
  new client.Gauge({
    name: "escrow_rail_callbacks_unapplied",
    help: "Rail callbacks stored in the inbox and not yet applied (the scheduler's sweep retries them).",
    registers: [registry],
    async collect() {
      this.set(Number((await railInbox()).waiting));
    },
  });
  new client.Gauge({
    name: "escrow_rail_callback_oldest_unapplied_age_seconds",
    help: "Age of the oldest rail callback not yet applied (0 when none).",
    registers: [registry],
    async collect() {
      this.set((await railInbox()).oldest ?? 0);
    },
  });
  new client.Gauge({
    name: "escrow_carrier_events_unapplied",
    help: "Carriers' tracking messages stored in the inbox and not yet applied (the scheduler's sweep retries them).",
    registers: [registry],
    async collect() {
      this.set(Number((await carrierInbox()).waiting));
    },
  });
  new client.Gauge({
    name: "escrow_carrier_event_oldest_unapplied_age_seconds",
    help: "Age of the oldest carrier tracking message not yet applied (0 when none).",
    registers: [registry],
    async collect() {
      this.set((await carrierInbox()).oldest ?? 0);
    },
  });
  new client.Gauge({
    name: "escrow_rail_reconciliation_mismatches",
    help: "Mismatches the newest reconciliation of each payment rail found between its balance transactions and our records (0 when none ran).",
    registers: [registry],
    async collect() {
      this.set(Number((await railReconciliation()).mismatched));
    },
  });
  new client.Gauge({
    name: "escrow_rail_reconciliation_age_seconds",
    help: "Age of the newest payment rail reconciliation (0 when none ran yet): it runs daily for the day before.",
    registers: [registry],
    async collect() {
      this.set((await railReconciliation()).age ?? 0);
    },
  });
  new client.Gauge({
    name: "escrow_ready",
    help: "1 while this process answers /readyz with 200, else 0 (flapping means trouble with the database).",
    registers: [registry],
    async collect() {
      this.set((await checkReadiness()).ready ? 1 : 0);
    },
  });
  return metrics;
}

export function metrics(): EscrowMetrics {
  const store = globalThis as Record<symbol, EscrowMetrics | undefined>;
  return (store[KEY] ??= create());
}
