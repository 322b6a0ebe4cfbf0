// Every node-postgres pool of the server is made here, so that none lacks an `error` listener.
//
// When the database drops a connection that sits idle in a pool (a primary that crashed or was
// switched over, an administrator's pg_terminate_backend, PgBouncer losing its server), the
// connection emits `error` and the pool re-emits it on itself. An EventEmitter's `error` with no
// listener is thrown: the process logs an uncaught exception and goes on in a state Node does not
// promise to be sound. Listening here means: write one log line, let the pool drop the dead
// connection (it already has), and open a fresh one at the next query.
import pg from "pg";
import { log } from "../ops/log.ts";

/** A pool whose lost idle connections are logged and replaced instead of crashing the process. */
export function createPool(name: string, config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  pool.on("error", (error) => logConnectionLost(name, "idle", error));
  return pool;
}

/**
 * A connection taken out of a pool has no listener of the pool's while it is out: whoever holds it
 * listens until it is released. Returns the function that stops listening.
 */
export function listenWhileCheckedOut(name: string, client: pg.PoolClient): () => void {
  const onError = (error: Error) => logConnectionLost(name, "checked out", error);
  client.on("error", onError);
  return () => void client.removeListener("error", onError);
}

function logConnectionLost(pool: string, state: "idle" | "checked out", error: Error): void {
  const { code } = error as Error & { code?: unknown };
  log.warn("database connection lost", {
    pool,
    connection: state,
    code: typeof code === "string" ? code : undefined,
    reason: error.message,
  });
}
