// The webhook worker: fans out the outbox and keeps up to `concurrency` deliveries in flight,
// claiming more as slots free up, so one slow endpoint holds one slot and never the others.
// Each round costs three statements whatever its size, run at once — record the attempts that
// finished, fan out new events, claim due deliveries with their payload and subscription — so
// throughput comes from batches, not from round trips per delivery. Runs inside the server (instrumentation.ts)
// and alone as `npm run worker`; any number of workers may share one PostgreSQL. 128 in flight by
// default (WEBHOOK_CONCURRENCY): a round's statements cost about the same for 16 deliveries as for
// 128, so bigger rounds are what makes a backlog drain fast (docs/performance.md).
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

  const record = async () => {
    if (!finished.length) return;
    const batch = finished;
    finished = [];
    try {
      await recordAttempts(batch);
    } catch (error) {
      finished = batch.concat(finished); // kept for the next round
      throw error;
    }
  };

  const loop = async () => {
    while (!stopped) {
      // The round's three statements run at once, each on its own connection: a round takes as
      // long as its slowest, not their sum. They need no order: an event fanned out now is claimed
      // next round, and a delivery recorded now lets the claim take the next event of its trade
      // next round (the claim skips a trade whose earlier delivery is still pending).
      const [recorded, dispatched, claimed] = await Promise.allSettled([
        record(),
        dispatchOutbox(),
        claimDueDeliveries(concurrency - inFlight.size),
      ]);
      const claims = claimed.status === "fulfilled" ? claimed.value : [];
      for (const claim of claims) {
        const job = attemptDelivery(claim, schedule)
          .then((outcome) => void finished.push(outcome))
          .catch((error: unknown) => log.error(`Webhook delivery ${claim.id} failed`, error))
          .finally(() => inFlight.delete(job));
        inFlight.add(job);
      }
      const busy = (dispatched.status === "fulfilled" && dispatched.value > 0) || claims.length > 0;
      const failed = [recorded, dispatched, claimed].filter((result) => result.status === "rejected");
      for (const { reason } of failed) log.error("Webhook worker round failed", reason);
      if (failed.length) await sleep(idleMs);
      if (inFlight.size >= concurrency) {
        await Promise.race(inFlight);
        // Let the answers that arrived together finish too, so that they are recorded as one batch.
        await new Promise((resolve) => setImmediate(resolve));
      } else if (!busy && !finished.length) {
        await Promise.race([sleep(idleMs), ...inFlight]);
      }
    }
  };
  const running = loop();
  return {
    async stop() {
      stopped = true;
      await running;
      await Promise.allSettled([...inFlight]);
      await record().catch((error: unknown) => log.error("Could not record the last webhook attempts", error));
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
