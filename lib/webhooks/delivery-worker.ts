// The webhook worker: fans out the outbox and keeps up to `concurrency` deliveries in flight,
// claiming more as slots free up, so one slow endpoint holds one slot and never the others.
// Its database work is three statements, each in a loop of its own — fan out new events, claim due
// deliveries with their payload and subscription, record the attempts that finished — and each
// covers a batch whatever its size, so throughput comes from batches, not from round trips per
// delivery. The loops run side by side so that no statement waits for another: in one round of
// all three, every claim would wait for the slowest (a large fan-out), and a backlog would drain at
// the rounds' pace with most slots idle (docs/performance.md).
// Runs inside the server (instrumentation.ts) and alone as `npm run worker`; any number of workers
// may share one PostgreSQL. 128 in flight by default (WEBHOOK_CONCURRENCY).
import { claimDueDeliveries } from "./claim-deliveries.ts";
import { attemptDelivery, type AttemptOutcome } from "./deliver.ts";
import { dispatchOutbox } from "./dispatch.ts";
import { recordAttempts } from "./record-attempts.ts";
import { DEFAULT_RETRY_SCHEDULE_MS } from "./retry-schedule.ts";
import { log } from "../ops/log.ts";

export interface WorkerOptions {
  concurrency?: number;
  idleMs?: number;
  schedule?: readonly number[];
}

export function startWebhookWorker(options: WorkerOptions = {}): { stop: () => Promise<void> } {
  const concurrency = options.concurrency ?? Number(process.env.WEBHOOK_CONCURRENCY ?? 128);
  const idleMs = options.idleMs ?? 500;
  const schedule = options.schedule ?? DEFAULT_RETRY_SCHEDULE_MS;
  const inFlight = new Set<Promise<void>>();
  // Attempts made but not yet written. Lost only if the process dies: the lease then runs out and
  // the delivery is attempted again (at least once, as promised).
  let finished: AttemptOutcome[] = [];
  let stopped = false;
  // What each loop waits for when it has nothing to do (besides idleMs and the stop).
  const claimable = wakeup(); // deliveries fanned out, or a trade's earlier delivery recorded
  const attempted = wakeup(); // an attempt finished, to be recorded
  const outboxPoll = wakeup(); // only the stop: new events are looked for every idleMs

  const record = async () => {
    if (!finished.length) return;
    const batch = finished;
    finished = [];
    try {
      await recordAttempts(batch);
    } catch (error) {
      finished = batch.concat(finished); // kept for the next time
      throw error;
    }
  };

  /** Runs `step` until the stop; `step` says whether to go again at once, else `wait` is awaited. */
  const loop = async (name: string, step: () => Promise<boolean>, wait: () => Promise<void>) => {
    while (!stopped) {
      let again = false;
      try {
        again = await step();
      } catch (error) {
        log.error(`Webhook worker: ${name} failed`, error);
        await sleep(idleMs);
        continue;
      }
      if (!again && !stopped) await wait();
    }
  };

  const fanOut = loop(
    "fanning out events",
    async () => {
      const events = await dispatchOutbox();
      if (events > 0) claimable.notify();
      return events > 0;
    },
    () => outboxPoll.wait(idleMs),
  );

  const claim = loop(
    "claiming deliveries",
    async () => {
      if (inFlight.size >= concurrency) {
        await Promise.race(inFlight);
        return true;
      }
      // News from now on is news to the next wait: a delivery recorded while this claim runs may
      // have made its trade's next event claimable.
      claimable.reset();
      const claims = await claimDueDeliveries(concurrency - inFlight.size);
      for (const claimed of claims) {
        const job = attemptDelivery(claimed, schedule)
          .then((outcome) => void finished.push(outcome))
          .catch((error: unknown) => log.error(`Webhook delivery ${claimed.id} failed`, error))
          .finally(() => {
            inFlight.delete(job);
            attempted.notify();
          });
        inFlight.add(job);
      }
      return claims.length > 0;
    },
    () => claimable.wait(idleMs),
  );

  const recordLoop = loop(
    "recording attempts",
    async () => {
      attempted.reset();
      if (!finished.length) return false;
      await record();
      claimable.notify();
      return false; // what finished meanwhile has notified `attempted`
    },
    () => attempted.wait(idleMs),
  );

  return {
    async stop() {
      stopped = true;
      for (const waiting of [outboxPoll, claimable, attempted]) waiting.notify();
      await Promise.all([fanOut, claim, recordLoop]);
      await Promise.allSettled([...inFlight]);
      await record().catch((error: unknown) => log.error("Could not record the last webhook attempts", error));
    },
  };
}

/** A loop's wake-up call: a notify() since the last reset() or wait() ends the next wait() at once. */
function wakeup() {
  let pending = false;
  let wake: (() => void) | null = null;
  return {
    notify() {
      pending = true;
      wake?.();
    },
    reset() {
      pending = false;
    },
    wait(ms: number): Promise<void> {
      if (pending) {
        pending = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          wake = null;
          pending = false;
          resolve();
        };
        const timer = setTimeout(done, ms);
        wake = done;
      });
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
