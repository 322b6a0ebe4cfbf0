// Plain SQL on the process-wide client's own pg pool: for the trade's store (lib/trades/store: its
// locks, its transition statement, its hottest reads) and the statements every request makes
// (lib/auth/token-lookups.ts, lib/api/write-request-log.ts). Prisma's request pipeline costs more
// CPU per query, even for $queryRaw, than these one-row index lookups cost PostgreSQL, and a Get
// trade details makes five of them (docs/performance.md, "Why the code is shaped this way").
//
// Rows come back with the types Prisma gives the same columns, so that they can be used as
// Prisma's model types: int8 → BigInt, numeric → Prisma's Decimal, timestamp (stored as UTC) →
// Date, json/jsonb → parsed, arrays → arrays, enums → strings. tests/integration/trade-reads.test.ts
// compares these rows with Prisma's own reads, value and type, field by field.
import pg from "pg";
import { currentPool } from "./client.ts";
import { listenWhileCheckedOut } from "./pool.ts";
import { readScope } from "./read-scope.ts";
import { Decimal } from "./generated/internal/prismaNamespace.ts";

/**
 * A `timestamp` as PostgreSQL writes it ("2026-11-30 02:28:28.532": fractions without trailing
 * zeros, none when whole) read as UTC, by the fields' positions: a trade's row has a dozen of
 * them, and parsing the text as a date costs several times more. Anything else (years before
 * 1000, BC, infinity) goes the long way.
 */
export function utcTimestamp(value: string): Date {
  if (
    value.length >= 19 &&
    value.length <= 26 &&
    value.charCodeAt(0) !== 48 &&
    value.charCodeAt(10) === 32 &&
    !value.endsWith("C")
  ) {
    const millis = value.length > 20 ? Number(value.slice(20, 23).padEnd(3, "0")) : 0;
    return new Date(
      Date.UTC(
        Number(value.slice(0, 4)),
        Number(value.slice(5, 7)) - 1,
        Number(value.slice(8, 10)),
        Number(value.slice(11, 13)),
        Number(value.slice(14, 16)),
        Number(value.slice(17, 19)),
        millis,
      ),
    );
  }
  return new Date(`${value.replace(" ", "T")}Z`);
}

const parsers: Record<number, (value: string) => unknown> = {
  20: (value) => BigInt(value), // int8
  1700: (value) => new Decimal(value), // numeric
  1114: utcTimestamp, // timestamp without time zone: UTC, as Prisma writes it
  1184: (value) => new Date(value), // timestamptz
};

const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    parsers[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

// DATABASE_PREPARED_STATEMENTS=on: each statement text is prepared once per connection under a
// name and executed by that name after, so PostgreSQL parses and plans it once instead of on every
// call — the transition statement is large, and planning it is most of its cost
// (docs/performance.md). Off by default: named statements need a direct connection to PostgreSQL
// or PgBouncer 1.21+ with max_prepared_statements (in transaction mode an older PgBouncer hands
// the next statement another server connection, where the name is unknown), and the embedded
// database serves every connection from one session.
// One registry per process, on globalThis like the pool (lib/db/client.ts): the production server
// loads this module twice (Next's bundle for the console's routes and the scheduler, tsx for the
// API's), and two registries numbering from escrow_1 would give one name two texts on a pooled
// connection ("Prepared statements must be unique").
const registry = ((
  globalThis as { __escrowStatementNames?: { names: Map<string, string>; next: number } }
).__escrowStatementNames ??= { names: new Map(), next: 0 });
const names = registry.names;

function prepared(text: string): { text: string; name?: string } {
  if (process.env.DATABASE_PREPARED_STATEMENTS !== "on") return { text };
  let name = names.get(text);
  if (!name) names.set(text, (name = `escrow_${++registry.next}`));
  return { text, name };
}

/**
 * A prepared `SELECT *` whose table gained a column (a migration applied while this process runs)
 * fails with "cached plan must not change result type". Its name is then retired, so the next use
 * prepares it again under a new one on every connection, and the caller runs it once more.
 */
function retiredIfStale(error: unknown, text: string): boolean {
  const stale =
    (error as { code?: string }).code === "0A000" && /cached plan must not change result type/.test(String(error));
  if (stale) names.delete(text);
  return stale;
}

/** Runs one statement ($1, $2 … for `values`) and returns its rows. */
export async function sql<T>(text: string, values: unknown[]): Promise<T[]> {
  const pool = currentPool();
  return withStalePlanRetry(text, async () => (await pool.query({ ...prepared(text), values, types })).rows as T[]);
}

/** Runs a statement on the pool once more when its prepared plan was stale (see retiredIfStale). */
async function withStalePlanRetry<R>(text: string, run: () => Promise<R>): Promise<R> {
  try {
    return await run();
  } catch (error) {
    if (!retiredIfStale(error, text)) throw error;
    return run();
  }
}

/**
 * Runs one statement and returns its rows as arrays, beside their column names: for wide joined
 * rows that the caller splits into several objects (lib/trades/store/reads.ts), where building
 * one object per row and taking it apart again cost more than the query.
 */
export async function sqlArrays(text: string, values: unknown[]): Promise<{ fields: string[]; rows: unknown[][] }> {
  const pool = currentPool();
  return withStalePlanRetry(text, async () => {
    const result = await pool.query({ ...prepared(text), values, types, rowMode: "array" });
    return { fields: result.fields.map((field) => field.name), rows: result.rows as unknown[][] };
  });
}

/**
 * A statement written as a template: each `${value}` becomes the next $n parameter. Dates are sent
 * as UTC ISO strings (cast them, e.g. `${date}::timestamptz`), arrays as PostgreSQL arrays.
 */
export function statement(strings: TemplateStringsArray, ...values: unknown[]): { text: string; values: unknown[] } {
  return {
    text: statementText(strings),
    values: values.map((value) => (value instanceof Date ? value.toISOString() : value)),
  };
}

// A tagged template's strings are one object per place in the code, so each place's text is built
// once and then is the same string every call. The prepared statements' registry (`prepared`) looks
// texts up by value: a text built afresh would be hashed and compared in full on every call of
// every hot statement (docs/performance.md).
const texts = new WeakMap<TemplateStringsArray, string>();

function statementText(strings: TemplateStringsArray): string {
  let text = texts.get(strings);
  if (text === undefined) texts.set(strings, (text = strings.reduce((text, part, index) => `${text}$${index}${part}`)));
  return text;
}

/** Runs a statement() and returns its rows. */
export function run<T>(query: { text: string; values: unknown[] }): Promise<T[]> {
  return sql<T>(query.text, query.values);
}

/**
 * Runs one statement() in a transaction (or on the pool) and returns its rows.
 *
 * In a transaction (inTransaction) the statement is sent at once, behind any sent before it whose
 * answers have not come back: the connection pipelines (lib/db/client.ts). So a use case need not
 * await a statement whose answer it does not need before sending the next, or at all (a write
 * whose rows nobody reads): the transaction waits for every statement before it commits, and
 * fails, rolled back, with the first that failed. PostgreSQL runs them one after the other, in the
 * order sent, each with its own snapshot: a read sent behind a lock sees what was committed
 * before the lock was granted, as if it had been sent after the lock's answer.
 */
export type Sql = <T>(query: { text: string; values: unknown[] }) => Promise<T[]>;

/**
 * Runs `work` in one transaction on a pooled connection: BEGIN, its statements, COMMIT (ROLLBACK
 * when it throws). For the trade's store (lib/trades/store, opened by lib/trades/with-locked-trade.ts),
 * where Prisma's interactive transaction cost more CPU than the statements.
 */
export async function inTransaction<T>(work: (q: Sql) => Promise<T>): Promise<T> {
  try {
    return await transactionOnce(work);
  } catch (error) {
    // A statement prepared before a migration changed its columns: the work runs once more (it
    // was rolled back), with the statement prepared again.
    if (!(error instanceof StalePlan)) throw error;
    return transactionOnce(work);
  }
}

class StalePlan extends Error {}

/**
 * The statements a transaction sends in one burst (BEGIN with the first statement, a lock with
 * the read behind it, COMMIT with the writes nobody awaited) leave in one write to the socket,
 * not one each: the returned function corks the connection's socket at the first statement of a
 * burst and uncorks it once the burst is over. process.nextTick runs after the microtasks queued
 * now, so every statement the work sends before it next waits for an answer is in the burst. Each
 * write is a system call that also wakes PostgreSQL's backend; docs/performance.md (tenth round)
 * measures what this saves.
 */
function writesInBursts(client: pg.PoolClient): () => void {
  const socket = (client as unknown as pg.Client).connection.stream;
  let corked = false;
  return () => {
    if (corked) return;
    corked = true;
    socket.cork();
    process.nextTick(() => {
      corked = false;
      socket.uncork();
    });
  };
}

// Round trips (docs/performance.md, ninth round): BEGIN goes out with the first statement, and
// COMMIT with the statements the work sent and did not wait for. A transaction of three
// statements whose last one nobody reads takes three round trips, not five.
async function transactionOnce<T>(work: (q: Sql) => Promise<T>): Promise<T> {
  // A transaction writes or locks: on a replica it would fail, or (one just promoted) write where
  // the primary is not. Stale reads (lib/db/read-target.ts) only read.
  if (readScope.getStore()) throw new Error("inTransaction inside a stale read: transactions run on the primary");
  const client = await currentPool().connect();
  const stopListening = listenWhileCheckedOut("main", client);
  // Every statement sent, in order, BEGIN first. Each is marked handled here (the `catch`), so
  // that one the work never awaits does not fail the process as an unhandled rejection: the
  // transaction awaits them all below.
  const sent: Promise<unknown>[] = [];
  const send = <R>(promise: Promise<R>): Promise<R> => {
    promise.catch(() => {});
    sent.push(promise);
    return promise;
  };
  const batched = writesInBursts(client);
  batched();
  send(client.query("BEGIN"));
  const q: Sql = <R>(query: { text: string; values: unknown[] }) => {
    batched();
    return send(
      client.query({ ...prepared(query.text), values: query.values, types }).then(
        (result) => result.rows as R[],
        (error: unknown) => {
          if (retiredIfStale(error, query.text)) throw new StalePlan(String(error), { cause: error });
          throw error;
        },
      ),
    );
  };
  let released = false;
  try {
    const result = await work(q);
    // Sent behind the statements still unanswered. If one of them fails, PostgreSQL answers this
    // COMMIT by rolling back, and the wait for them below throws that statement's error.
    batched();
    const commit = client.query("COMMIT");
    commit.catch(() => {});
    await Promise.all(sent);
    const committed = await commit;
    if (committed.command !== "COMMIT") throw new Error(`The transaction ended with ${committed.command}, not COMMIT`);
    return result;
  } catch (error) {
    // A connection that cannot even roll back is broken: drop it from the pool rather than reuse it.
    await client.query("ROLLBACK").catch((rollbackError: unknown) => {
      client.release(rollbackError instanceof Error ? rollbackError : true);
      released = true;
    });
    // The cause is the first statement that failed, if one did: those sent behind it fail only
    // because the transaction was already aborted ("current transaction is aborted").
    const settled = await Promise.allSettled(sent);
    const first = settled.find((outcome) => outcome.status === "rejected");
    throw first ? first.reason : error;
  } finally {
    stopListening();
    if (!released) client.release();
  }
}
