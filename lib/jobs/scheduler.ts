// The scheduler inside the server process: every few seconds it fires the deadlines that are
// due, and on its own timer (RETENTION_INTERVAL_MS) it deletes what is past its retention
// (retention.ts), so that a long retention round never holds up a deadline. Several instances may
// run it at once (fire-deadlines.ts takes each trade with SKIP LOCKED, the retention deletes skip
// locked rows too). A third round (RAIL_POLL_INTERVAL_MS) applies the rails' callbacks left unapplied
// in the inbox, asks the rails about payments left pending, and sends the refunds the ledger made
// (decisions.md §11).
import { pollPendingRailPayments } from "../payments/poll-rail-payments.ts";
import { warnOfHoldBudgets } from "../payments/hold-budget-warning.ts";
import { reconcileDueDays } from "../payments/reconcile-due.ts";
import { sweepRailCallbacks } from "../payments/receive-rail-callback.ts";
import { sweepCarrierEvents } from "../shipping/receive-carrier-event.ts";
import { sendDueRefunds } from "../payments/send-rail-refunds.ts";
import { pollSentPayouts } from "../payouts/settle-rail-payout.ts";
import { sendTenantFees } from "../payouts/send-tenant-fees.ts";
import { fireDueDeadlines } from "./fire-deadlines.ts";
import { pruneExpiredRecords } from "./retention.ts";
import { retentionPolicy } from "./retention-policy.ts";
import { log } from "../ops/log.ts";

/** A positive whole number of milliseconds from the environment; anything else stops the start. */
function intervalMs(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === "") return fallback;
  const ms = Number(text);
  if (!Number.isInteger(ms) || ms < 100)
    throw new Error(`${name} must be a whole number of milliseconds, at least 100, not "${text}"`);
  return ms;
}

/**
 * Runs `job` every `ms`, never two rounds at once (a slow round is not overlapped by the next).
 * Stopping waits for the round in progress: a shutdown stops the scheduler between rounds.
 */
function every(ms: number, what: string, job: () => Promise<void>): () => Promise<void> {
  let round: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (round) return;
    round = job()
      .catch((error: unknown) => log.error(`${what} failed`, error))
      .finally(() => {
        round = null;
      });
  }, ms);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await round;
  };
}

/** Starts the deadline and retention rounds; the answer stops them once the current round ends. */
export function startScheduler(): () => Promise<void> {
  // Wrong settings stop the start, not a round hours later.
  const deadlineMs = intervalMs("SCHEDULER_INTERVAL_MS", 5_000);
  const retentionMs = intervalMs("RETENTION_INTERVAL_MS", 10 * 60_000);
  const railMs = intervalMs("RAIL_POLL_INTERVAL_MS", 60_000);
  const policy = retentionPolicy();
  const stopDeadlines = every(deadlineMs, "Scheduler round", async () => void (await fireDueDeadlines()));
  const stopRetention = every(retentionMs, "Retention round", async () => {
    const pruned = await pruneExpiredRecords(new Date(), policy);
    const { requestLogWeeks, webhookAttemptWeeks, eventMonths, ...deleted } = pruned;
    const partitions = [...requestLogWeeks, ...webhookAttemptWeeks, ...eventMonths];
    if (partitions.length || Object.values(deleted).some((count) => count > 0))
      console.log("Retention deleted", pruned);
  });
  const stopRail = every(railMs, "Rail round", async () => {
    const now = new Date();
    await sweepRailCallbacks(now);
    await sweepCarrierEvents(now);
    await pollPendingRailPayments(now, 50, railMs);
    await sendDueRefunds(now);
    await pollSentPayouts(now);
    await sendTenantFees();
    await warnOfHoldBudgets(now);
    await reconcileDueDays(now);
  });
  return async () => {
    await Promise.all([stopDeadlines(), stopRetention(), stopRail()]);
  };
}
