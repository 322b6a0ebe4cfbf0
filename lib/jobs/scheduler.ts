// The deadline scheduler inside the server process: every few seconds it fires what is due.
// Several instances may run it at once (fire-deadlines.ts takes each trade with SKIP LOCKED).
import { fireDueDeadlines } from "./fire-deadlines.ts";

const INTERVAL_MS = Number(process.env.SCHEDULER_INTERVAL_MS ?? 5000);

export function startScheduler(): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return; // a slow round is never overlapped by the next
    running = true;
    fireDueDeadlines()
      .catch((error: unknown) => console.error("Scheduler round failed:", error))
      .finally(() => {
        running = false;
      });
  }, INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
