// The driver adapter that Prisma's WebAssembly schema engine uses for migrations and diffs.
//
// Describing a schema reads pg_catalog columns of PostgreSQL's internal single-byte type "char"
// (OID 18, e.g. pg_constraint.contype). The engine reads them as Character values, but
// @prisma/adapter-pg 7.10 has no mapping for OID 18 and refuses the whole result ("Column type
// 'char' could not be deserialized"). So this pool's client reports such columns as text and
// remembers where they were, and the adapter wrapper below types them as Character again.
// Scripts are split where their statements end (lib/db/sql-script.ts), not at every semicolon.
// Only the migration tooling uses this; the app's client is the plain adapter.
import { PrismaPg } from "@prisma/adapter-pg";
import {
  ColumnTypeEnum,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQuery,
  type SqlResultSet,
  type Transaction,
} from "@prisma/driver-adapter-utils";
import pg from "pg";
import { createPool } from "./pool.ts";
import { splitSqlScript } from "./sql-script.ts";

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;
const charColumns = Symbol("charColumns");

type RowsWithMarks = unknown[] & { [charColumns]?: number[] };
type QueryResultLike = { fields?: { dataTypeID: number }[]; rows?: RowsWithMarks };

function markCharColumns<T>(result: T): T {
  for (const r of (Array.isArray(result) ? result : [result]) as QueryResultLike[]) {
    const marked: number[] = [];
    r?.fields?.forEach((field, index) => {
      if (field.dataTypeID === PG_CHAR_OID) {
        field.dataTypeID = PG_TEXT_OID;
        marked.push(index);
      }
    });
    if (marked.length && r.rows) Object.defineProperty(r.rows, charColumns, { value: marked });
  }
  return result;
}

class CatalogFriendlyClient extends pg.Client {
  // pg's query() has promise and callback forms; Pool.query() uses the callback one.
  override query(...args: unknown[]): never {
    const last = args.length - 1;
    if (typeof args[last] === "function") {
      const callback = args[last] as (error: unknown, result: unknown) => void;
      args[last] = (error: unknown, result: unknown) => callback(error, error ? result : markCharColumns(result));
    }
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (result && typeof (result as Promise<unknown>).then === "function") {
      return (result as Promise<unknown>).then(markCharColumns) as never;
    }
    return result as never;
  }
}

function restoreCharTypes(resultSet: SqlResultSet): SqlResultSet {
  const marked = (resultSet.rows as RowsWithMarks)[charColumns];
  if (!marked) return resultSet;
  const columnTypes = [...resultSet.columnTypes];
  for (const index of marked) columnTypes[index] = ColumnTypeEnum.Character;
  return { ...resultSet, columnTypes };
}

function wrapQueryable<T extends SqlDriverAdapter | Transaction>(inner: T): T {
  return new Proxy(inner, {
    get(target, property, receiver) {
      if (property === "queryRaw") {
        return async (query: SqlQuery) => restoreCharTypes(await target.queryRaw(query));
      }
      if (property === "executeScript") {
        // One statement at a time, split where statements end (function bodies stay whole).
        return async (script: string) => {
          for (const sql of splitSqlScript(script)) await target.executeRaw({ sql, args: [], argTypes: [] });
        };
      }
      if (property === "startTransaction") {
        return async (...args: Parameters<SqlDriverAdapter["startTransaction"]>) =>
          wrapQueryable(await (target as SqlDriverAdapter).startTransaction(...args));
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function adapterFor(url: string): PrismaPg {
  return new PrismaPg(createPool("migrations", { connectionString: url, max: 2, Client: CatalogFriendlyClient }), {
    disposeExternalPool: true,
  });
}

/** A factory for the schema engine: `url` is the database, `shadowUrl` (if given) its shadow. */
export function migrationAdapterFactory(url: string, shadowUrl?: string): SqlMigrationAwareDriverAdapterFactory {
  const main = adapterFor(url);
  const shadow = shadowUrl ? adapterFor(shadowUrl) : null;
  return {
    provider: main.provider,
    adapterName: main.adapterName,
    connect: async () => wrapQueryable(await main.connect()),
    connectToShadowDb: async () => wrapQueryable(await (shadow ? shadow.connect() : main.connectToShadowDb())),
  };
}
