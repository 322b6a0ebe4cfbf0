// The process's lifecycle, shared by everything that runs in it: the production server
// (scripts/serve.ts), the Next bundle inside it (instrumentation.ts starts the background jobs
// there) and `npm run worker`. Kept on globalThis because Next bundles its own copy of this module:
// one process must have one answer to "are we shutting down?" and one list of things to stop.
interface Lifecycle {
  shuttingDownSince: number | null;
  stoppers: { name: string; stop: () => Promise<void> | void }[];
}

const KEY = Symbol.for("escrow.lifecycle");
const lifecycle: Lifecycle = ((globalThis as Record<symbol, unknown>)[KEY] ??= {
  shuttingDownSince: null,
  stoppers: [],
}) as Lifecycle;

export function isShuttingDown(): boolean {
  return lifecycle.shuttingDownSince !== null;
}

/** Readiness turns 503 from now on; requests keep being served until the server closes. */
export function beginShutdown(): void {
  lifecycle.shuttingDownSince ??= Date.now();
}

/** A background job (webhook worker, scheduler) that must finish its round before the exit. */
export function stopOnShutdown(name: string, stop: () => Promise<void> | void): void {
  lifecycle.stoppers.push({ name, stop });
}

/** Stops every registered job, all at once, each allowed to finish what it claimed. */
export async function stopBackgroundJobs(log: (message: string) => void = () => {}): Promise<void> {
  const stoppers = lifecycle.stoppers.splice(0);
  await Promise.all(
    stoppers.map(async ({ name, stop }) => {
      await stop();
      log(`${name} stopped`);
    }),
  );
}
