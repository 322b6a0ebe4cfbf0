// Process-wide settings read from the environment.

/** The origin used in the redirect addresses the API returns (hosted pages). */
export function publicBaseUrl(): string {
  const configured = process.env.PUBLIC_BASE_URL ?? `http://localhost:${process.env.PORT ?? "3000"}`;
  return configured.replace(/\/+$/, "");
}

export interface ReplicaSettings {
  /** The replicas' `postgresql://` addresses; none: every read goes to DATABASE_URL, as before. */
  urls: string[];
  /** A replica further behind the primary than this is not read from. */
  maxLagMs: number;
  /** How often each replica's lag is measured. */
  probeIntervalMs: number;
  /**
   * How long a read waits for a replica's answer before it gives up there and runs on the primary:
   * a node that hangs without closing its connections (frozen, or cut off by the network without a
   * reset) must not hold a user's page for as long as TCP takes to notice.
   */
  queryTimeoutMs: number;
}

/**
 * DATABASE_REPLICA_URLS (comma-separated), DATABASE_REPLICA_MAX_LAG_MS (default 2000),
 * DATABASE_REPLICA_PROBE_MS (default 500) and DATABASE_REPLICA_QUERY_TIMEOUT_MS (default 5000). A setting that does not parse stops the process at its
 * first read rather than quietly sending everything to the primary.
 */
export function replicaSettings(): ReplicaSettings {
  const urls = (process.env.DATABASE_REPLICA_URLS ?? "")
    .split(",")
    .map((url) => url.trim())
    .filter(Boolean);
  for (const url of urls)
    if (!/^postgres(ql)?:\/\//.test(url)) throw new Error("DATABASE_REPLICA_URLS: each address must be postgresql://…");
  return {
    urls,
    maxLagMs: positiveMs("DATABASE_REPLICA_MAX_LAG_MS", 2_000),
    probeIntervalMs: positiveMs("DATABASE_REPLICA_PROBE_MS", 500),
    queryTimeoutMs: positiveMs("DATABASE_REPLICA_QUERY_TIMEOUT_MS", 5_000),
  };
}

function positiveMs(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a whole number of milliseconds above 0`);
  return value;
}
