// The database drops the server's connections, idle and busy (what a primary's crash, a
// switchover or an administrator's pg_terminate_backend does): the production server logs each
// lost connection as a warning, never as an uncaught exception, and goes on answering with fresh
// connections. A pooled connection without an `error` listener turns the first of these into an
// uncaught exception (lib/db/pool.ts).
import type { ChildProcess } from "node:child_process";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { serverOutput, serviceCommand, startServer, stopServer } from "../../scripts/bench/server.ts";
import { freshTenant } from "../helpers/tenants.ts";
import { httpClient, ServerDown } from "./helpers/http-client.ts";
import { SERVER_ENV } from "./helpers/quiet.ts";

const PORT = Number(process.env.CONNECTION_LOST_PORT ?? 3281);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: ChildProcess;
beforeAll(async () => {
  server = await startServer("connection-lost", PORT, serviceCommand(PORT), {
    env: SERVER_ENV,
    captureOutput: true,
  });
});
afterAll(async () => {
  await stopServer(server);
});

/** Ends every other session on the test's database, as PostgreSQL does to all of them in a crash. */
async function terminateOtherSessions(): Promise<number> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ended: boolean }>(
      `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
    );
    return rows.filter((row) => row.ended).length;
  } finally {
    await admin.end();
  }
}

const initiateBody = (key: string) => ({
  title: "Lamp",
  description: "A lamp",
  amount: 100,
  payerFee: 0,
  payerFixedFee: 0,
  payeeFee: 0,
  payeeFixedFee: 0,
  payerMarketplaceUserId: "buyer",
  payeeMarketplaceUserId: "seller",
  checkoutUniquenessKey: key,
  successUrl: "http://127.0.0.1/ok",
  cancelUrl: "http://127.0.0.1/cancel",
});

describe("connections the database drops", () => {
  it("are logged and replaced: no uncaught exception, and the server goes on answering", async () => {
    const tenant = await freshTenant();
    const statuses: number[] = [];
    const api = httpClient(
      () => `http://127.0.0.1:${PORT}`,
      tenant.testApiKey,
      (_method, _path, result) => void statuses.push(result.status),
    );
    for (const user of ["seller", "buyer"]) expect((await api.connect(user)).status).toBe(200);

    // Several connections in the pool, then idle: the case the pool itself must listen for.
    await Promise.all(Array.from({ length: 8 }, (_, i) => api.initiate(initiateBody(`idle-${i}`))));
    expect(await terminateOtherSessions()).toBeGreaterThanOrEqual(2);
    await sleep(500);

    // Busy: sessions ended while transactions and reads are under way.
    let loadOver = false;
    let made = 0;
    const load = Array.from({ length: 4 }, async () => {
      while (!loadOver) {
        try {
          const { json } = await api.initiate(initiateBody(`busy-${made++}`));
          await api.trade("buyer", json.tradeId);
        } catch (error) {
          // A request whose connection was cut answers 503 (retry): counted below, not thrown.
          if (!(error instanceof ServerDown)) throw error;
        }
      }
    });
    for (let round = 0; round < 3; round++) {
      await sleep(300);
      await terminateOtherSessions();
    }
    loadOver = true;
    await Promise.all(load);
    await sleep(500);

    // Still serving, on fresh connections.
    const after = await api.initiate(initiateBody("after"));
    expect(after.status).toBe(200);
    expect((await api.trade("buyer", after.json.tradeId)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${PORT}/readyz`)).status).toBe(200);
    expect(server.exitCode).toBeNull();

    const output = serverOutput(server);
    expect(output).not.toMatch(/uncaughtException|unhandledRejection|Unhandled/i);
    // The idle connections' loss was seen and said once each, as a warning.
    expect(output).toContain('"msg":"database connection lost"');
    // What the callers saw: answers, or 503 with a retry; never a 500.
    expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
  });
});

// The same, in this process, where it can be timed exactly: a connection ended while no statement
// is waiting on it emits `error` at once. Unheard, that is an uncaught exception (Vitest fails the
// run on one, and the listener below records it).
describe("a connection ended while nothing waits on it", () => {
  const backendPid = async (query: () => Promise<{ pid: number }[]>) => (await query())[0]!.pid;
  const terminate = async (pid: number) => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query("SELECT pg_terminate_backend($1)", [pid]);
    await admin.end();
  };
  const uncaught: unknown[] = [];
  const record = (error: unknown) => void uncaught.push(error);
  beforeAll(() => void process.on("uncaughtException", record));
  beforeEach(() => void (uncaught.length = 0));
  afterAll(() => void process.off("uncaughtException", record));

  it("inside a driver transaction: the transaction fails as a lost connection, nothing is uncaught", async () => {
    const [{ inTransaction, statement }, { isConnectionLost }] = await Promise.all([
      import("../../lib/db/sql.ts"),
      import("../../lib/db/connection-lost.ts"),
    ]);
    const outcome = await inTransaction(async (q) => {
      const pid = await backendPid(() => q(statement`SELECT pg_backend_pid() AS pid`));
      await terminate(pid);
      await sleep(300); // the connection's `error` arrives while the transaction holds it, idle
      return q(statement`SELECT 1 AS one`);
    }).then(
      () => "committed",
      (error: unknown) => (isConnectionLost(error) ? "connection lost" : error),
    );
    expect(outcome).toBe("connection lost");
    expect(uncaught).toEqual([]);
  });

  it("idle in the pool, before Prisma ever used it: the pool drops it and opens another", async () => {
    const { createDb, poolOf } = await import("../../lib/db/client.ts");
    const client = createDb(process.env.DATABASE_URL!, 2);
    try {
      // $queryRaw would connect Prisma's adapter, which listens on the pool itself: the pool is
      // used through its own query() here, as lib/db/sql.ts uses it.
      const pool = poolOf(client);
      const pid = await backendPid(
        async () => (await pool.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows,
      );
      await terminate(pid);
      await sleep(300);
      const again = await pool.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      expect(again.rows[0]!.pid).not.toBe(pid);
      expect(uncaught).toEqual([]);
    } finally {
      await client.$disconnect();
    }
  });
});
