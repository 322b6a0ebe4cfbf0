// The benchmarks' database: a fresh one on BENCH_DATABASE_URL's server (default the local
// PostgreSQL), dropped afterwards, or with `embedded` an in-memory PGlite. Not migrated: each
// benchmark applies the migrations itself (and sets DATABASE_URL) before loading lib/db.
import pg from "pg";
import { openEmbeddedDatabase } from "../../lib/db/embedded.ts";

export interface BenchDatabase {
  url: string;
  drop: () => Promise<void>;
}

export async function openBenchDatabase(options: { embedded?: boolean; prefix?: string } = {}): Promise<BenchDatabase> {
  if (options.embedded) {
    const embedded = await openEmbeddedDatabase("memory://");
    return { url: embedded.url, drop: embedded.stop };
  }
  const server = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  const name = `${options.prefix ?? "escrow_bench"}_${Date.now().toString(36)}`;
  const onServer = async (sql: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await onServer(`CREATE DATABASE "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
