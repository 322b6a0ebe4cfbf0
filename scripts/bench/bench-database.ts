// The benchmarks' database: a fresh one on BENCH_DATABASE_URL's server (default the local
// PostgreSQL), dropped afterwards, or with `embedded` an in-memory PGlite. Not migrated: each
// benchmark applies the migrations itself (and sets DATABASE_URL) before loading lib/db.
// BENCH_KEEP_DATABASE=1 keeps the PostgreSQL database afterwards (its name is printed), to look at
// its plans with EXPLAIN.
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
  const keep = process.env.BENCH_KEEP_DATABASE === "1";
  return {
    url: url.toString(),
    drop: async () => {
      if (keep) console.log(`Kept the benchmark's database ${name}.`);
      else await onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/**
 * Before each measured run: vacuum and analyze what the previous run wrote, and write out its dirty
 * pages, so that no run pays for the one before it. Without this the order was unfair: a server's
 * run followed the other server's run of the scenario before, and the journey (the service's first)
 * came right after the baseline's ten seconds of initiates, while autovacuum worked on them.
 */
export async function settleDatabase(db: { $executeRawUnsafe(sql: string): Promise<unknown> }): Promise<void> {
  await db.$executeRawUnsafe("VACUUM (ANALYZE)");
  // CHECKPOINT needs a superuser (the local server's postgres is one); elsewhere vacuum must do.
  await db.$executeRawUnsafe("CHECKPOINT").catch(() => {});
}
