// Where a stale-tolerant read runs (lib/db/read-target.ts), with real clients: the test database
// stands in for a replica (it is not in recovery, so its probe measures lag 0, as for a replica
// promoted by a switchover), and a port nobody listens on for a replica whose node is gone. The
// lag bound itself is met with real lag on the Patroni cluster (tests/ha/replicas.test.ts); here a
// replica's measured lag is set by hand to check the choice around the bound.
import { connect, createServer, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { currentPool, db } from "../../lib/db/client.ts";
import { readScope } from "../../lib/db/read-scope.ts";
import { noteTenantWrite, pickReplica, staleRead } from "../../lib/db/read-target.ts";
import { closeProcessReplicaSet, processReplicaSet, type Replica } from "../../lib/db/replicas.ts";
import { metrics } from "../../lib/ops/metrics.ts";
import { freePort } from "../helpers/free-port.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A TCP relay to the test database that can freeze: it then stops passing bytes either way and
 * keeps every connection open, as a node that hangs (or a network that drops packets) does.
 */
async function freezableRelay(target: URL) {
  const sockets: Socket[] = [];
  let frozen = false;
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.push(socket);
      socket.on("error", () => {});
      if (frozen) socket.pause();
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = new URL(target);
  url.hostname = "127.0.0.1";
  url.port = String((server.address() as { port: number }).port);
  return {
    url: url.toString(),
    freeze() {
      frozen = true;
      for (const socket of sockets) socket.pause();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Opens this process's replicas anew from the given settings. */
async function configure(urls: string[], maxLagMs = 1_000, probeMs = 60_000) {
  await closeProcessReplicaSet();
  process.env.DATABASE_REPLICA_URLS = urls.join(",");
  process.env.DATABASE_REPLICA_MAX_LAG_MS = String(maxLagMs);
  process.env.DATABASE_REPLICA_PROBE_MS = String(probeMs);
  return processReplicaSet();
}

async function reads(read: string, target: string, reason: string): Promise<number> {
  const metric = await metrics().dbReads.get();
  return (
    metric.values.find((v) => v.labels.read === read && v.labels.target === target && v.labels.reason === reason)
      ?.value ?? 0
  );
}

/** Which pool a read's statements went to, and that they worked there. */
const whereItRan = () =>
  staleRead("console-list", "tenant-a", async () => {
    await db.$queryRaw`SELECT 1`;
    return { pool: currentPool(), scoped: readScope.getStore() !== undefined };
  });

const until = async (condition: () => boolean, timeoutMs = 5_000) => {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error("timed out");
    await sleep(20);
  }
};

afterEach(async () => {
  await closeProcessReplicaSet();
  delete process.env.DATABASE_REPLICA_URLS;
  delete process.env.DATABASE_REPLICA_MAX_LAG_MS;
  delete process.env.DATABASE_REPLICA_PROBE_MS;
  delete process.env.DATABASE_REPLICA_QUERY_TIMEOUT_MS;
});

describe("stale reads", () => {
  it("run on the primary, as before, when no replica is configured", async () => {
    expect(await configure([])).toBeNull();
    const before = await reads("console-list", "primary", "no-replicas");
    const ran = await whereItRan();
    expect(ran.scoped).toBe(false);
    expect(ran.pool).toBe(currentPool());
    expect(await reads("console-list", "primary", "no-replicas")).toBe(before + 1);
  });

  it("run on a replica once its probe answered, and count it", async () => {
    const set = (await configure([process.env.DATABASE_URL!]))!;
    const [replica] = set.replicas;
    await until(() => replica!.up);
    expect(replica!.lagMs).toBe(0); // not in recovery: a primary's lag
    const before = await reads("console-list", "replica", "within-lag-bound");
    const ran = await whereItRan();
    expect(ran.scoped).toBe(true);
    expect(ran.pool).toBe(replica!.pool);
    expect(await reads("console-list", "replica", "within-lag-bound")).toBe(before + 1);
  });

  it("skip a replica whose node is gone: the read is answered by the primary, the replica marked down", async () => {
    const set = (await configure([`postgresql://postgres@127.0.0.1:${await freePort()}/escrow`]))!;
    const [replica] = set.replicas;
    await sleep(100); // its first probe: refused
    expect(replica!.up).toBe(false);
    expect((await whereItRan()).scoped).toBe(false);

    // The node dies between its probe and a read: the read fails there and runs on the primary.
    Object.assign(replica!, { up: true, lagMs: 0, probedAt: performance.now() });
    const before = await reads("console-list", "primary", "replica-failed");
    const ran = await whereItRan();
    expect(ran.scoped).toBe(false);
    expect(ran.pool).toBe(currentPool());
    expect(replica!.up).toBe(false);
    expect(await reads("console-list", "primary", "replica-failed")).toBe(before + 1);
  });

  it("give up on a replica that stops answering mid-read after DATABASE_REPLICA_QUERY_TIMEOUT_MS, and read on the primary", async () => {
    const relay = await freezableRelay(new URL(process.env.DATABASE_URL!));
    try {
      process.env.DATABASE_REPLICA_QUERY_TIMEOUT_MS = "400";
      const set = (await configure([relay.url]))!;
      const [replica] = set.replicas;
      await until(() => replica!.up);
      expect((await whereItRan()).scoped).toBe(true); // reads there while it answers

      relay.freeze(); // the node hangs between its probe and the next read
      const before = await reads("console-list", "primary", "replica-failed");
      const started = performance.now();
      const ran = await whereItRan();
      const waited = performance.now() - started;
      expect(ran.scoped).toBe(false);
      expect(ran.pool).toBe(currentPool());
      expect(waited).toBeGreaterThanOrEqual(350);
      expect(waited).toBeLessThan(5_000);
      expect(replica!.up).toBe(false);
      expect(await reads("console-list", "primary", "replica-failed")).toBe(before + 1);
    } finally {
      await closeProcessReplicaSet();
      await relay.close();
    }
  });

  it("keep a read's own errors: a statement the database refuses is not retried elsewhere", async () => {
    const set = (await configure([process.env.DATABASE_URL!]))!;
    await until(() => set.replicas[0]!.up);
    await expect(staleRead("console-list", "tenant-a", () => db.$queryRaw`SELECT no_such_column`)).rejects.toThrow();
    expect(set.replicas[0]!.up).toBe(true);
  });

  it("stay on the primary for a tenant that wrote through this process, for the lag bound", async () => {
    const set = (await configure([process.env.DATABASE_URL!], 300))!;
    await until(() => set.replicas[0]!.up);
    noteTenantWrite("tenant-a");
    expect((await whereItRan()).scoped).toBe(false);
    expect(await staleRead("console-list", "tenant-b", async () => readScope.getStore() !== undefined)).toBe(true);
    await sleep(350);
    set.replicas[0]!.probedAt = performance.now(); // the probe is slower than the bound here
    expect((await whereItRan()).scoped).toBe(true);
  });
});

describe("pickReplica", () => {
  const replica = (name: string, fields: Partial<Replica>) =>
    ({ name, up: true, lagMs: 0, probedAt: 0, ...fields }) as Replica;

  it("takes turns among the replicas within the bound, and none when none is", () => {
    const now = 10_000;
    const fresh = replica("fresh", { lagMs: 100, probedAt: now - 200 });
    const other = replica("other", { lagMs: 0, probedAt: now - 500 });
    const behind = replica("behind", { lagMs: 1_500, probedAt: now });
    const down = replica("down", { up: false, probedAt: now });
    // A measurement ages: lag 0 measured 1.2 s ago bounds staleness by 1.2 s, over a 1 s bound.
    const aged = replica("aged", { lagMs: 0, probedAt: now - 1_200 });
    const picks = Array.from({ length: 4 }, () => pickReplica([fresh, behind, down, aged, other], 1_000, now)?.name);
    expect(new Set(picks)).toEqual(new Set(["fresh", "other"]));
    expect(pickReplica([behind, down, aged], 1_000, now)).toBeNull();
  });
});
