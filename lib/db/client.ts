// The Prisma client of this process, created on first use from DATABASE_URL.
//
// Lazy on purpose: `next build` imports route modules without a database, and scripts set
// DATABASE_URL (embedded or real) before the first query.
import { PrismaPg } from "@prisma/adapter-pg";
import type pg from "pg";
import { PrismaClient } from "./generated/client.ts";
import { createPool } from "./pool.ts";
import { readScope } from "./read-scope.ts";

export type Db = InstanceType<typeof PrismaClient>;

const globalForDb = globalThis as unknown as { __escrowDb?: Db; __escrowDbUrl?: string; __escrowPool?: pg.Pool };

/** Pools by client, for lib/db/sql.ts: plain SQL runs on the connections Prisma uses. */
const pools = new WeakMap<Db, pg.Pool>();

export function createDb(
  url: string,
  poolSize = Number(process.env.DATABASE_POOL_SIZE ?? 10),
  // A replica's pool (lib/db/replicas.ts) gives up on a dead node in a second, and on a statement
  // unanswered after DATABASE_REPLICA_QUERY_TIMEOUT_MS: its read then goes to the primary instead
  // of waiting the primary's 10 s, or for as long as a hung node keeps its connection open.
  {
    poolName = "main",
    connectionTimeoutMillis = 10_000,
    queryTimeoutMillis,
  }: { poolName?: string; connectionTimeoutMillis?: number; queryTimeoutMillis?: number } = {},
): Db {
  // `pipeline`: statements given to a connection before the one in front has answered are sent at
  // once, not queued until it answers (https://node-postgres.com/features/pipelining). lib/db/sql.ts
  // sends a transaction's BEGIN with its first statement this way. Such a connection refuses
  // cursors (pg-cursor, the `rows` option), which nothing here uses.
  const pool = createPool(poolName, {
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis,
    // pg's own timer: the statement fails with "Query read timeout" and, as the connection
    // pipelines, the connection is closed (the statements behind it would wait on it forever).
    ...(queryTimeoutMillis ? { query_timeout: queryTimeoutMillis } : {}),
    pipeline: true,
  });
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  const client = new PrismaClient({
    adapter,
    // Interactive transactions wait up to 2 s for a connection by default, which fails under load
    // (docs/toolchain.md); ours are short, so waiting longer is safe.
    transactionOptions: { maxWait: 10_000, timeout: 15_000 },
  });
  pools.set(client, pool);
  return client;
}

/** The pg pool under a client made by createDb. */
export function poolOf(client: Db): pg.Pool {
  const pool = pools.get(client);
  if (!pool) throw new Error("poolOf: not a client made by createDb");
  return pool;
}

function current(): Db {
  // Inside a stale read (lib/db/read-target.ts): the replica it chose.
  const replica = readScope.getStore();
  if (replica) return replica.client as Db;
  const url = process.env.DATABASE_URL;
  if (!url) {
    throw new Error(
      "DATABASE_URL is not set: start the app with `npm run dev` or `npm start`, which open the database first.",
    );
  }
  // Dev-mode hot reload re-evaluates modules; keep one pool per process.
  if (!globalForDb.__escrowDb || globalForDb.__escrowDbUrl !== url) {
    globalForDb.__escrowDb = createDb(url);
    globalForDb.__escrowDbUrl = url;
    // On globalThis with the client: the production server loads this module twice (Next's bundle
    // for pages, tsx for the API's route handlers, scripts/serve.ts), and both must find the pool.
    globalForDb.__escrowPool = pools.get(globalForDb.__escrowDb);
  }
  return globalForDb.__escrowDb;
}

/** The process-wide client. A proxy so that importing it never needs a database. */
export const db: Db = new Proxy({} as Db, {
  get(_target, property) {
    const client = current();
    const value = Reflect.get(client, property, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});

/** The pg pool under the process-wide client (the same connections), for lib/db/sql.ts. */
export function currentPool(): pg.Pool {
  const replica = readScope.getStore();
  if (replica) return replica.pool;
  const client = current();
  // A client made by another copy of this module that keeps no pool (a `.next` build older than the
  // source that scripts/serve.ts runs) still gets one: a pool of its own on the same database.
  globalForDb.__escrowPool ??=
    pools.get(client) ??
    createPool("main", {
      connectionString: globalForDb.__escrowDbUrl,
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
      connectionTimeoutMillis: 10_000,
      pipeline: true, // as in createDb
    });
  return globalForDb.__escrowPool;
}
