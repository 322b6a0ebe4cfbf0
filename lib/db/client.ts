// The Prisma client of this process, created on first use from DATABASE_URL.
//
// Lazy on purpose: `next build` imports route modules without a database, and scripts set
// DATABASE_URL (embedded or real) before the first query.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client.ts";

export type Db = InstanceType<typeof PrismaClient>;

const globalForDb = globalThis as unknown as { __escrowDb?: Db; __escrowDbUrl?: string };

export function createDb(url: string, poolSize = Number(process.env.DATABASE_POOL_SIZE ?? 10)): Db {
  const adapter = new PrismaPg({ connectionString: url, max: poolSize, connectionTimeoutMillis: 10_000 });
  return new PrismaClient({
    adapter,
    // Interactive transactions wait up to 2 s for a connection by default, which fails under load
    // (TOOLCHAIN.md); ours are short, so waiting longer is safe.
    transactionOptions: { maxWait: 10_000, timeout: 15_000 },
  });
}

function current(): Db {
  const url = process.env.DATABASE_URL;
  if (!url) {
    throw new Error("DATABASE_URL is not set: start the app with `npm run dev` or `npm start`, which open the database first.");
  }
  // Dev-mode hot reload re-evaluates modules; keep one pool per process.
  if (!globalForDb.__escrowDb || globalForDb.__escrowDbUrl !== url) {
    globalForDb.__escrowDb = createDb(url);
    globalForDb.__escrowDbUrl = url;
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
