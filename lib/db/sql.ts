// Plain SQL on the process-wide client's own pg pool, for the API's hottest reads
// (lib/trades/trade-reads.ts, lib/auth/authenticate.ts). Prisma's request pipeline costs about
// 0.3 ms of CPU per query even for $queryRaw, more than these one-row index lookups cost
// PostgreSQL (docs/performance.md), and a Get trade details makes five of them.
//
// Rows come back with the types Prisma gives the same columns, so that they can be used as
// Prisma's model types: int8 → BigInt, numeric → Prisma's Decimal, timestamp (stored as UTC) →
// Date, json/jsonb → parsed, arrays → arrays, enums → strings. tests/integration/trade-reads.test.ts
// compares these rows with Prisma's own reads, value and type, field by field.
import pg from "pg";
import { currentPool } from "./client.ts";
import { Decimal } from "./generated/internal/prismaNamespace.ts";

const parsers: Record<number, (value: string) => unknown> = {
  20: (value) => BigInt(value), // int8
  1700: (value) => new Decimal(value), // numeric
  1114: (value) => new Date(`${value.replace(" ", "T")}Z`), // timestamp without time zone: UTC, as Prisma writes it
  1184: (value) => new Date(value), // timestamptz
};

const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    parsers[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** Runs one statement ($1, $2 … for `values`) and returns its rows. */
export async function sql<T>(text: string, values: unknown[]): Promise<T[]> {
  const result = await currentPool().query({ text, values, types });
  return result.rows as T[];
}

/**
 * A statement written as a template: each `${value}` becomes the next $n parameter. Dates are sent
 * as UTC ISO strings (cast them, e.g. `${date}::timestamptz`), arrays as PostgreSQL arrays.
 */
export function statement(strings: TemplateStringsArray, ...values: unknown[]): { text: string; values: unknown[] } {
  return {
    text: strings.reduce((text, part, index) => `${text}$${index}${part}`),
    values: values.map((value) => (value instanceof Date ? value.toISOString() : value)),
  };
}

/** Runs a statement() and returns its rows. */
export function run<T>(query: { text: string; values: unknown[] }): Promise<T[]> {
  return sql<T>(query.text, query.values);
}

/** Runs one statement() in a transaction (or on the pool) and returns its rows. */
export type Sql = <T>(query: { text: string; values: unknown[] }) => Promise<T[]>;

/**
 * Runs `work` in one transaction on a pooled connection: BEGIN, its statements, COMMIT (ROLLBACK
 * when it throws). For the API's hot write paths (lib/trades/transition-trade.ts and the use cases
 * of the trade journey), where Prisma's interactive transaction cost more CPU than the statements.
 */
export async function inTransaction<T>(work: (q: Sql) => Promise<T>): Promise<T> {
  const client = await currentPool().connect();
  const q: Sql = async <R>(query: { text: string; values: unknown[] }) =>
    (await client.query({ text: query.text, values: query.values, types })).rows as R[];
  let released = false;
  try {
    await client.query("BEGIN");
    const result = await work(q);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    // A connection that cannot even roll back is broken: drop it from the pool rather than reuse it.
    await client.query("ROLLBACK").catch((rollbackError: unknown) => {
      client.release(rollbackError instanceof Error ? rollbackError : true);
      released = true;
    });
    throw error;
  } finally {
    if (!released) client.release();
  }
}
