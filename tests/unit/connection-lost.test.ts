// A database that goes away mid-request (a failover) answers 503 service-unavailable with
// Retry-After, not a 500; a read is tried again by itself; a refused statement is no such thing.
import { createServer } from "node:net";
import pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppError } from "../../lib/errors.ts";
import { failure, retryReadsAfterConnectionLoss } from "../../lib/api/route.ts";
import { isConnectionLost } from "../../lib/db/connection-lost.ts";

afterEach(() => vi.restoreAllMocks());

/** The error node-postgres really raises when the server's socket closes under it. */
async function realDroppedConnectionError(): Promise<unknown> {
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const client = new pg.Client({ host: "127.0.0.1", port, user: "x", database: "x", connectionTimeoutMillis: 2_000 });
  client.on("error", () => {});
  const error = await client.connect().then(
    () => null,
    (e: unknown) => e,
  );
  server.close();
  return error;
}

/** As node-postgres builds it from PostgreSQL's ErrorResponse. */
const databaseError = (code: string, message: string) =>
  Object.assign(new pg.DatabaseError(message, 0, "error"), { code });

describe("a lost database connection", () => {
  it("is recognised in each wrapping it arrives in", async () => {
    expect(isConnectionLost(await realDroppedConnectionError())).toBe(true);
    expect(isConnectionLost(databaseError("57P01", "terminating connection due to administrator command"))).toBe(true);
    expect(isConnectionLost(databaseError("25006", "cannot execute INSERT in a read-only transaction"))).toBe(true);
    // Prisma's raw-query error quotes the SQLSTATE in its message (as seen in the failover test's log).
    expect(
      isConnectionLost(
        new Error(
          "Raw query failed. Code: `57P01`. Message: `terminating connection due to unexpected postmaster exit`",
        ),
      ),
    ).toBe(true);
    // The driver adapter's error, with PgBouncer's message underneath.
    expect(
      isConnectionLost(Object.assign(new Error("DriverAdapterError"), { cause: new Error("server conn crashed?") })),
    ).toBe(true);
  });

  it("is not a statement the database refused, nor our own error", () => {
    expect(
      isConnectionLost(databaseError("23505", 'duplicate key value violates unique constraint "Trade_pkey"')),
    ).toBe(false);
    expect(isConnectionLost(new Error("Raw query failed. Code: `40001`. Message: `could not serialize access`"))).toBe(
      false,
    );
    expect(isConnectionLost(new AppError("not-found", 'Trade "x" was not found'))).toBe(false);
    expect(isConnectionLost(new TypeError("x is undefined"))).toBe(false);
    expect(isConnectionLost(null)).toBe(false);
  });

  it("answers 503 service-unavailable with Retry-After and nothing internal", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const response = failure(
      databaseError("57P01", "terminating connection due to unexpected postmaster exit"),
      "trace-lost-0123456789",
      "GET /v1/x",
    );
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("1");
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({
      status: 503,
      typeCode: "service-unavailable",
      traceId: "trace-lost-0123456789",
      errors: [],
    });
    expect(text).not.toMatch(/postmaster|57P01/);
  });

  it("tries a read again, but never a write", async () => {
    let calls = 0;
    const flaky = async () => {
      if (calls++ === 0) throw databaseError("08006", "connection failure");
      return new Response("ok");
    };
    expect(
      await (await retryReadsAfterConnectionLoss(new Request("http://x/v1/trades", { method: "GET" }), flaky)).text(),
    ).toBe("ok");
    expect(calls).toBe(2);

    calls = 0;
    await expect(
      retryReadsAfterConnectionLoss(new Request("http://x/v1/trades", { method: "POST" }), flaky),
    ).rejects.toThrow("connection failure");
    expect(calls).toBe(1);

    calls = 0;
    const refused = async () => {
      calls++;
      throw new AppError("not-found", "no such trade");
    };
    await expect(
      retryReadsAfterConnectionLoss(new Request("http://x/v1/trades", { method: "GET" }), refused),
    ).rejects.toThrow("no such trade");
    expect(calls).toBe(1);
  });
});
