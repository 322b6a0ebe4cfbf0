// The scheduler inside the server process: every few seconds it fires the deadlines that are
// due, and on its own timer (RETENTION_INTERVAL_MS) it deletes what is past its retention
// (retention.ts), so that a long retention round never holds up a deadline. Several instances may
// run it at once (fire-deadlines.ts takes each trade with SKIP LOCKED, the retention deletes skip
// locked rows too).
import { loggableError } from "../http/loggable-error.ts";
import { fireDueDeadlines } from "./fire-deadlines.ts";
import { pruneExpiredRecords } from "./retention.ts";
import { retentionPolicy } from "./retention-policy.ts";

/** A positive whole number of milliseconds from the environment; anything else stops the start. */
function intervalMs(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === "") return fallback;
  const ms = Number(text);
  if (!Number.isInteger(ms) || ms < 100) throw new Error(`${name} must be a whole number of milliseconds, at least 100, not "${text}"`);
  return ms;
}

/** Runs `job` every `ms`, never two rounds at once (a slow round is not overlapped by the next). */
function every(ms: number, what: string, job: () => Promise<void>): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    job()
      .catch((error: unknown) => console.error(`${what} failed:`, loggableError(error)))
      .finally(() => {
        running = false;
      });
  }, ms);
  timer.unref();
  return () => clearInterval(timer);
}

export function startScheduler(): () => void {
  // Wrong settings stop the start, not a round hours later.
  const deadlineMs = intervalMs("SCHEDULER_INTERVAL_MS", 5_000);
  const retentionMs = intervalMs("RETENTION_INTERVAL_MS", 10 * 60_000);
  const policy = retentionPolicy();
  const stopDeadlines = every(deadlineMs, "Scheduler round", async () => void (await fireDueDeadlines()));
  const stopRetention = every(retentionMs, "Retention round", async () => {
    const pruned = await pruneExpiredRecords(new Date(), policy);
    if (Object.values(pruned).some((count) => count > 0)) console.log("Retention deleted", pruned);
  });
  return () => {
    stopDeadlines();
    stopRetention();
  };
}
