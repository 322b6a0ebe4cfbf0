// The database a stale read runs on, for the statements made inside it (lib/db/read-target.ts
// opens the scope). Carried by AsyncLocalStorage, as a web framework carries a request, so that a
// read's own code — Prisma's models through `db`, the store's statements through `sql` — needs no
// second copy that takes a client: inside the scope `db` and `currentPool()` are the replica's.
//
// On globalThis: the production server loads lib/db twice (Next's bundle, tsx), and a scope
// opened by one copy must be seen by the other.
import { AsyncLocalStorage } from "node:async_hooks";
import type pg from "pg";

export interface ReadScope {
  /** The replica's Prisma client (lib/db/client.ts Db; untyped here to keep this module free of imports). */
  client: object;
  pool: pg.Pool;
}

const KEY = Symbol.for("escrow.readScope");
const holder = globalThis as { [KEY]?: AsyncLocalStorage<ReadScope> };
export const readScope: AsyncLocalStorage<ReadScope> = (holder[KEY] ??= new AsyncLocalStorage<ReadScope>());
