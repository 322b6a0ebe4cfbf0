// DATABASE_REPLICA_URLS and its bounds (lib/config.ts): unset means no replicas, as before; a
// setting that does not parse is refused (the server stops at start, scripts/serve.ts), rather
// than sending every read to the primary without a word.
import { afterEach, describe, expect, it } from "vitest";
import { replicaSettings } from "../../lib/config.ts";
import { replicaName } from "../../lib/db/replicas.ts";

const NAMES = [
  "DATABASE_REPLICA_URLS",
  "DATABASE_REPLICA_MAX_LAG_MS",
  "DATABASE_REPLICA_PROBE_MS",
  "DATABASE_REPLICA_QUERY_TIMEOUT_MS",
];
afterEach(() => {
  for (const name of NAMES) delete process.env[name];
});

describe("replica settings", () => {
  it("name no replica when unset, with the default bounds", () => {
    expect(replicaSettings()).toEqual({ urls: [], maxLagMs: 2_000, probeIntervalMs: 500, queryTimeoutMs: 5_000 });
  });

  it("read a comma-separated list and the bounds", () => {
    process.env.DATABASE_REPLICA_URLS = " postgresql://r1:5432/escrow, postgres://u:secret@r2/escrow ,";
    process.env.DATABASE_REPLICA_MAX_LAG_MS = "5000";
    process.env.DATABASE_REPLICA_PROBE_MS = "250";
    process.env.DATABASE_REPLICA_QUERY_TIMEOUT_MS = "3000";
    expect(replicaSettings()).toEqual({
      urls: ["postgresql://r1:5432/escrow", "postgres://u:secret@r2/escrow"],
      maxLagMs: 5_000,
      probeIntervalMs: 250,
      queryTimeoutMs: 3_000,
    });
  });

  it("refuse an address that is not postgresql:// and a bound that is not a positive whole number", () => {
    process.env.DATABASE_REPLICA_URLS = "r1:5432";
    expect(() => replicaSettings()).toThrow(/DATABASE_REPLICA_URLS/);
    process.env.DATABASE_REPLICA_URLS = "postgresql://r1/escrow";
    for (const bad of ["0", "-1", "1.5", "soon"]) {
      process.env.DATABASE_REPLICA_MAX_LAG_MS = bad;
      expect(() => replicaSettings()).toThrow(/DATABASE_REPLICA_MAX_LAG_MS/);
    }
    delete process.env.DATABASE_REPLICA_MAX_LAG_MS;
    for (const bad of ["0", "soon"]) {
      process.env.DATABASE_REPLICA_QUERY_TIMEOUT_MS = bad;
      expect(() => replicaSettings()).toThrow(/DATABASE_REPLICA_QUERY_TIMEOUT_MS/);
    }
  });

  it("name a replica in metrics and logs without its password", () => {
    expect(replicaName("postgres://u:secret@r2:6432/escrow")).toBe("r2:6432/escrow");
  });
});
