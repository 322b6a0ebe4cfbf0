// The scheduler inside the server process: every few seconds it fires the deadlines that are
// due, and every RETENTION_INTERVAL_MS it deletes what is past its retention (retention.ts).
// Several instances may run it at once (fire-deadlines.ts takes each trade with SKIP LOCKED, the
// retention deletes skip locked rows too).
import { fireDueDeadlines } from "./fire-deadlines.ts";
import { pruneExpiredRecords } from "./retention.ts";
import { retentionPolicy } from "./retention-policy.ts";
import { loggableError } from "../http/loggable-error.ts";

const INTERVAL_MS = Number(process.env.SCHEDULER_INTERVAL_MS ?? 5000);
const RETENTION_INTERVAL_MS = Number(process.env.RETENTION_INTERVAL_MS ?? 10 * 60_000);

export function startScheduler(): () => void {
  const policy = retentionPolicy(); // a wrong setting stops the start, not a round hours later
  let running = false;
  let retentionDue = Date.now() + Math.min(RETENTION_INTERVAL_MS, 60_000); // not in the start's rush
  const round = async () => {
    await fireDueDeadlines();
    if (Date.now() < retentionDue) return;
    retentionDue = Date.now() + RETENTION_INTERVAL_MS;
    const pruned = await pruneExpiredRecords(new Date(), policy);
    const total = Object.values(pruned).reduce((sum, count) => sum + count, 0);
    if (total) console.log("Retention deleted", pruned);
  };
  const timer = setInterval(() => {
    if (running) return; // a slow round is never overlapped by the next
    running = true;
    round()
      .catch((error: unknown) => console.error("Scheduler round failed:", loggableError(error)))
      .finally(() => {
        running = false;
      });
  }, INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
