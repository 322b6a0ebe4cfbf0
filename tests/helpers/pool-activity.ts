// What this process asks of the database, seen at its pool (lib/db/client.ts): every statement
// outside a transaction, and every transaction, takes a connection from it once. Tests count
// those to show work that stops (or never starts) when it should.
import { currentPool } from "../../lib/db/client.ts";

export function poolActivity() {
  let taken = 0;
  let lastTakenAt = Date.now();
  currentPool().on("acquire", () => {
    taken++;
    lastTakenAt = Date.now();
  });
  return {
    /** Connections taken so far. */
    taken: () => taken,
    /** Connections taken while `work` runs. */
    async during(work: () => Promise<unknown>): Promise<number> {
      const before = taken;
      await work();
      return taken - before;
    },
    /** Resolves once no connection has been taken for a whole `quietMs`; fails after `withinMs`. */
    async fallsQuiet(quietMs: number, withinMs: number, what: string): Promise<void> {
      const since = Date.now();
      const deadline = since + withinMs;
      while (Date.now() - Math.max(lastTakenAt, since) < quietMs) {
        if (Date.now() > deadline) throw new Error(`The database was still being asked ${what} after ${withinMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
