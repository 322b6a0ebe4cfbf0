// What an operator is told about the read replicas: /readyz's line ("1 of 2 in use (1 down)") and
// the live check's section, one check per replica. The test database stands in for a replica
// that answers (it is not in recovery, so its lag is 0, as for a promoted replica), and a port
// nobody listens on for one whose node is gone. Neither makes the instance unready nor the live
// check fail: their reads run on the primary.
import { afterEach, describe, expect, it } from "vitest";
import { replicaSummary } from "../../lib/db/replica-health.ts";
import { closeProcessReplicaSet, processReplicaSet } from "../../lib/db/replicas.ts";
import { checkReplicas } from "../../lib/live-check/check-replicas.ts";
import { closeReadinessPool, healthResponse } from "../../lib/ops/readiness.ts";
import { freePort } from "../helpers/free-port.ts";

const until = async (condition: () => boolean, timeoutMs = 5_000) => {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

afterEach(async () => {
  await closeProcessReplicaSet();
  await closeReadinessPool();
  for (const name of ["DATABASE_REPLICA_URLS", "DATABASE_REPLICA_MAX_LAG_MS", "DATABASE_REPLICA_PROBE_MS"])
    delete process.env[name];
});

describe("/readyz", () => {
  it("says nothing of replicas where none is configured", async () => {
    expect(await healthResponse("/readyz")).toEqual({ status: 200, body: { status: "ready" } });
  });

  it("stays ready with a replica down, and says how many are in use", async () => {
    const gone = `postgresql://postgres@127.0.0.1:${await freePort()}/escrow`;
    process.env.DATABASE_REPLICA_URLS = `${process.env.DATABASE_URL},${gone}`;
    process.env.DATABASE_REPLICA_PROBE_MS = "100";
    const set = processReplicaSet()!;
    await until(() => set.replicas[0]!.up);
    expect(await healthResponse("/readyz")).toEqual({
      status: 200,
      body: { status: "ready", replicas: "1 of 2 in use (1 down)" },
    });
    // No address leaves through the load balancer's check.
    expect(JSON.stringify(await healthResponse("/readyz"))).not.toContain("127.0.0.1");
  });

  it("counts a replica past the lag bound as behind", async () => {
    process.env.DATABASE_REPLICA_URLS = `${process.env.DATABASE_URL}`;
    process.env.DATABASE_REPLICA_MAX_LAG_MS = "1000";
    process.env.DATABASE_REPLICA_PROBE_MS = "60000";
    const set = processReplicaSet()!;
    await until(() => set.replicas[0]!.up);
    expect(replicaSummary(set)).toBe("1 of 1 in use");
    set.replicas[0]!.lagMs = 5_000; // as a probe measures a replica whose replay is paused
    expect(replicaSummary(set)).toBe("0 of 1 in use (1 behind)");
  });
});

describe("the live check's replica section", () => {
  it("passes without replicas: every read on the primary", async () => {
    const section = await checkReplicas();
    expect(section.checks).toEqual([
      {
        name: "DATABASE_REPLICA_URLS",
        status: "pass",
        detail: "none: every read runs on the primary",
        settings: ["DATABASE_REPLICA_URLS", "DATABASE_REPLICA_MAX_LAG_MS"],
      },
    ]);
  });

  it("passes a replica that answers and warns of one that does not, naming each without its password", async () => {
    const port = await freePort();
    const database = new URL(process.env.DATABASE_URL!);
    database.password = "s3cret-pass";
    process.env.DATABASE_REPLICA_URLS = `${process.env.DATABASE_URL},postgresql://reader:s3cret-pass@127.0.0.1:${port}/escrow`;
    const section = await checkReplicas();
    expect(section.id).toBe("replicas");
    expect(section.checks.map(({ status }) => status)).toEqual(["pass", "warn"]);
    expect(section.checks[0]!.name).toBe(`${database.host}${database.pathname}`);
    expect(section.checks[0]!.detail).toMatch(/^answers, 0 ms behind \(bound 2000 ms\)$/);
    expect(section.checks[1]).toMatchObject({
      name: `127.0.0.1:${port}/escrow`,
      detail: "does not answer: its reads run on the primary",
    });
    expect(JSON.stringify(section)).not.toContain("s3cret-pass");
  });

  it("fails settings the server would refuse to start with", async () => {
    process.env.DATABASE_REPLICA_URLS = "mysql://elsewhere/db";
    const section = await checkReplicas();
    expect(section.checks).toEqual([
      expect.objectContaining({ status: "fail", detail: "DATABASE_REPLICA_URLS: each address must be postgresql://…" }),
    ]);
  });
});
