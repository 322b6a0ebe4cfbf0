// Read replicas on the Patroni cluster (tests/ha/cluster.ts): two production servers read their
// stale-tolerant reads from the cluster's two replicas (DATABASE_REPLICA_URLS, lib/db/read-target.ts)
// while trades are created. Server A takes the writes, server B the reads — so B has no write of
// the tenant of its own to keep it on the primary, and its lists show what the lag bound promises
// across servers. Under load, then with one replica's replay paused, one replica's PostgreSQL
// killed and a switchover: no read answers anything but 2xx; the reads really went to replicas
// (B's escrow_db_reads_total); a trade created while a replica lags is in every list read that
// began more than DATABASE_REPLICA_MAX_LAG_MS after its creation was answered (as Get trades' description promises), and a
// trade by id is there at once, on either server.
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverOutput, serviceCommand, startServer, stopServer } from "../../scripts/bench/server.ts";
import { initiateBody } from "../../scripts/bench/load.ts";
import { applyMigrations } from "../../lib/db/migrations.ts";
import { NODES, startCluster, type Cluster } from "./cluster.ts";

const FIRST_PORT = Number(process.env.HA_REPLICA_SERVER_PORT ?? 3257);
const [WRITER, READER] = [FIRST_PORT, FIRST_PORT + 1];
const METRICS = { [WRITER]: FIRST_PORT + 10, [READER]: FIRST_PORT + 11 };
const MAX_LAG_MS = 1_000;
const SERVER_ENV = {
  SCHEDULER_INTERVAL_MS: "300",
  SHUTDOWN_GRACE_MS: "0",
  WEBHOOK_WORKER: "off",
  DATABASE_PREPARED_STATEMENTS: "off", // PgBouncer 1.18 in transaction mode (tests/ha/failover.test.ts)
  DATABASE_REPLICA_MAX_LAG_MS: String(MAX_LAG_MS),
  DATABASE_REPLICA_PROBE_MS: "200",
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let cluster: Cluster;
const children: ChildProcess[] = [];

beforeAll(async () => {
  cluster = await startCluster();
  const admin = new pg.Client({ connectionString: cluster.primaryUrl("postgres") });
  await admin.connect();
  await admin.query("CREATE DATABASE escrow");
  await admin.end();
  await applyMigrations(cluster.primaryUrl("escrow"));
  process.env.DATABASE_URL = cluster.serviceUrl("escrow");
  process.env.DATABASE_PREPARED_STATEMENTS = "off";
  process.env.DATA_ENCRYPTION_KEYS = `ha-1:${randomBytes(32).toString("base64url")}`;
}, 180_000);

afterAll(async () => {
  for (const child of children) await stopServer(child);
  await cluster?.stop();
});

/** One node's SQL, straight to it (pausing and resuming a replica's replay). */
async function onNode(node: number, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: cluster.nodeUrl(node, "postgres") });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end().catch(() => {});
  }
}

/** B's escrow_db_reads_total by read, target and reason, as its metrics page says. */
async function readCounts(port: number): Promise<Map<string, number>> {
  const page = await (await fetch(`http://127.0.0.1:${METRICS[port]}/metrics`)).text();
  const counts = new Map<string, number>();
  for (const [, labels, value] of page.matchAll(/^escrow_db_reads_total\{([^}]*)\} (\S+)$/gm)) {
    const label = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(labels!)?.[1];
    counts.set(`${label("read")} ${label("target")} ${label("reason")}`, Number(value));
  }
  return counts;
}

/** A console session on `port`, signed in through next-auth as a browser is. */
async function consoleCookie(port: number, email: string, password: string): Promise<string> {
  const origin = `http://127.0.0.1:${port}`;
  const csrf = await fetch(`${origin}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookies = csrf.headers.getSetCookie().map((c) => c.split(";")[0]);
  const response = await fetch(`${origin}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { cookie: cookies.join("; "), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
    redirect: "manual",
  });
  return [...cookies, ...response.headers.getSetCookie().map((c) => c.split(";")[0])].join("; ");
}

describe("read replicas", () => {
  it("serve stale-tolerant reads through load, a lagging replica, a killed one, a switchover: no error, nothing staler than promised", async () => {
    const { freshTenant } = await import("../helpers/tenants.ts");
    const tenant = await freshTenant();
    const { db } = await import("../../lib/db/client.ts");
    await db.tenant.update({ where: { id: tenant.tenantId }, data: { rateLimitPerMinute: 1_000_000 } });
    const leader = await cluster.waitForLeader();
    const replicas = NODES.filter((node) => node !== leader);
    for (const port of [WRITER, READER])
      children.push(
        await startServer(`replicas ${port}`, port, serviceCommand(port), {
          env: {
            ...SERVER_ENV,
            METRICS_PORT: String(METRICS[port]),
            DATABASE_URL: cluster.serviceUrl("escrow"),
            DATABASE_REPLICA_URLS: replicas.map((node) => cluster.nodeUrl(node, "escrow")).join(","),
          },
          captureOutput: true,
        }),
      );

    const api = async (port: number, method: "GET" | "POST", path: string, body?: unknown) => {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${tenant.testApiKey}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      return {
        status: response.status,
        json: text && response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text,
      };
    };
    for (const user of ["payer", "payee", "watched"]) {
      expect((await api(WRITER, "POST", `/sandbox/users/${user}/connect`, { kycLevel: 1 })).status).toBe(200);
    }
    const cookie = await consoleCookie(READER, tenant.consoleEmail, tenant.consolePassword);
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 3_600_000).toISOString();
    const days = { from: from.slice(0, 10), to: to.slice(0, 10) };
    const range = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

    // The reads of docs/scaling.md's list, on B; every answer that is not 2xx is a failure.
    const readFailures: string[] = [];
    const apiGet = async (path: string) => {
      const { status, json } = await api(READER, "GET", path);
      return { status, detail: typeof json === "object" ? json?.typeCode : "" };
    };
    const READS: [string, () => Promise<{ status: number; detail?: string }>][] = [
      ["Get trades", () => apiGet("/marketplace/users/payer/trades?pageSize=20")],
      ["event feed", () => apiGet("/webhooks/events?pageSize=20")],
      ["export", () => apiGet(`/marketplace/exports/trades?${range}`)],
      ["console trades", () => consoleGet("/console/api/trades?mode=test")],
      ["console export", () => consoleGet(`/console/api/exports/trades?mode=test&from=${days.from}&to=${days.to}`)],
    ];
    async function consoleGet(path: string) {
      const response = await fetch(`http://127.0.0.1:${READER}${path}`, { headers: { cookie }, redirect: "manual" });
      await response.arrayBuffer();
      return { status: response.status };
    }
    // Which step of the test a failure came in, for its message.
    let phase = "load";
    // Writes on A: a 503 (a connection lost in the switchover, "retry") is allowed, as in the failover test.
    const writeErrors: string[] = [];
    let loadOver = false;
    let made = 0;
    const writers = Array.from({ length: 2 }, async () => {
      while (!loadOver) {
        const result = await api(WRITER, "POST", "/marketplace/trades/initiate", {
          ...initiateBody("payer", "payee"),
          checkoutUniquenessKey: `load-${made++}`,
        }).catch((error: unknown) => ({ status: 0, json: String(error) }));
        if (result.status >= 500 && result.status !== 503)
          writeErrors.push(`${result.status} ${JSON.stringify(result.json)}`);
        if (result.status !== 200) await sleep(200);
      }
    });
    const readers = READS.map(async ([name, read]) => {
      while (!loadOver) {
        const { status, detail } = await read().catch((error: unknown) => ({ status: 0, detail: String(error) }));
        if (status < 200 || status > 299) readFailures.push(`${name}: ${status} ${detail ?? ""} (${phase})`);
        await sleep(20);
      }
    });

    // (a) Load: the reads go to the replicas.
    await sleep(4_000);
    const underLoad = await readCounts(READER);
    for (const read of ["trade-list", "event-feed", "export", "console-list"])
      expect(underLoad.get(`${read} replica within-lag-bound`) ?? 0, read).toBeGreaterThan(0);

    // (b) One replica's replay paused: after the bound it is skipped, and a trade created now is
    // in every list read that begins more than the bound after its creation was answered.
    phase = "a replica's replay paused";
    const [paused] = replicas as [number, number];
    expect(cluster.maintenance(true).status).toBe(0);
    await onNode(paused, "SELECT pg_wal_replay_pause()");
    const lists: { startedAt: number; ids: string[] }[] = [];
    const created: { id: string; answeredAt: number }[] = [];
    const idsNotFoundById: string[] = [];
    const pausedUntil = Date.now() + 5_000;
    const watcher = (async () => {
      while (Date.now() < pausedUntil + 1_500) {
        const startedAt = Date.now();
        const result = await api(READER, "GET", "/marketplace/users/watched/trades?pageSize=100");
        if (result.status !== 200) readFailures.push(`watched list: ${result.status} (${phase})`);
        else lists.push({ startedAt, ids: result.json.trades.map((t: { tradeId: string }) => t.tradeId) });
        await sleep(50);
      }
    })();
    for (let i = 0; Date.now() < pausedUntil; i++) {
      const result = await api(WRITER, "POST", "/marketplace/trades/initiate", {
        ...initiateBody("watched", "payee"),
        checkoutUniquenessKey: `watched-${i}`,
      });
      expect(result.status).toBe(200);
      const id = result.json.tradeId as string;
      created.push({ id, answeredAt: Date.now() });
      // A trade by id is the primary's: there at once, on the server that did not write it too.
      for (const port of [WRITER, READER])
        if ((await api(port, "GET", `/marketplace/users/watched/trades/${id}`)).status !== 200)
          idsNotFoundById.push(id);
      await sleep(700);
    }
    await watcher;
    const pausedLag = (await (await fetch(`http://127.0.0.1:${METRICS[READER]}/metrics`)).text()).match(
      new RegExp(`^escrow_db_replica_lag_seconds\\{replica="127\\.0\\.0\\.1:[0-9]+/escrow"\\} (\\S+)$`, "gm"),
    );
    await onNode(paused, "SELECT pg_wal_replay_resume()");
    expect(cluster.maintenance(false).status).toBe(0);
    const staleLists = lists.flatMap(({ startedAt, ids }) =>
      created
        .filter((trade) => startedAt > trade.answeredAt + MAX_LAG_MS && !ids.includes(trade.id))
        .map((trade) => `${trade.id} missing ${startedAt - trade.answeredAt} ms after its creation`),
    );
    expect(created.length).toBeGreaterThan(3);
    expect(staleLists).toEqual([]);
    expect(idsNotFoundById).toEqual([]);

    // (c) A replica's PostgreSQL killed (Patroni starts it again): reads go on.
    phase = "a replica killed";
    const killed = replicas[1]!;
    const beforeKill = await readCounts(READER);
    cluster.killPostgres(killed);
    await sleep(6_000);
    const afterKill = await readCounts(READER);

    // (d) A switchover, PgBouncer holding new transactions meanwhile (docs/operations.md).
    phase = "switchover";
    await cluster.waitForSyncStandby(60_000);
    await cluster.pgbouncer("PAUSE");
    const switched = cluster.switchover();
    await cluster.waitForLeader(60_000);
    // Resumed only once HAProxy routes to the new primary, as an operator would (docs/operations.md):
    // resumed before, PgBouncer fails the requests' token lookups at once, replicas or not.
    await cluster.waitForPrimaryThroughHAProxy();
    await cluster.pgbouncer("RESUME");
    await sleep(4_000);

    loadOver = true;
    await Promise.all([...writers, ...readers]);
    const atEnd = await readCounts(READER);
    const sum = (counts: Map<string, number>, match: string) =>
      [...counts].filter(([key]) => key.includes(match)).reduce((total, [, n]) => total + n, 0);
    console.log(
      `HA replica figures: ${JSON.stringify({
        trades: made,
        watched: created.length,
        watchedLists: lists.length,
        lagWhilePaused: pausedLag,
        readsAtEnd: Object.fromEntries(atEnd),
      })}`,
    );

    // What the servers logged above info, to tell why if a read failed.
    if (readFailures.length)
      for (const child of children)
        console.log(
          serverOutput(child)
            .split("\n")
            .filter((line) => /"level":(40|50|60)/.test(line))
            .slice(0, 30)
            .join("\n"),
        );
    expect(switched.status, switched.output).toBe(0);
    expect(countBy(readFailures)).toEqual({});
    expect(writeErrors).toEqual([]);
    // The paused replica was measured past the bound, and the reads went on to replicas after the kill.
    expect(pausedLag?.some((line) => Number(line.split(" ")[1]) > MAX_LAG_MS / 1000)).toBe(true);
    expect(sum(afterKill, "replica within-lag-bound")).toBeGreaterThan(sum(beforeKill, "replica within-lag-bound"));
    expect(sum(atEnd, "replica within-lag-bound")).toBeGreaterThan(sum(afterKill, "replica within-lag-bound"));
    for (const child of children) expect(serverOutput(child)).not.toMatch(/uncaughtException|unhandledRejection/i);
  });
});

const countBy = (list: string[]) =>
  list.reduce<Record<string, number>>((counts, item) => ({ ...counts, [item]: (counts[item] ?? 0) + 1 }), {});
