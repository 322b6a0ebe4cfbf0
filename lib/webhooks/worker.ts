// The webhook worker: fans out the outbox and keeps up to `concurrency` deliveries in flight,
// claiming more as slots free up, so one slow endpoint holds one slot and never the others.
// Runs inside the server (instrumentation.ts) and alone as `npm run worker`; any number of
// workers may share one PostgreSQL.
import { claimDueDeliveries } from "./claim-deliveries.ts";
import { deliverClaimed } from "./deliver.ts";
import { dispatchOutbox } from "./dispatch.ts";
import { DEFAULT_RETRY_SCHEDULE_MS } from "./retry-schedule.ts";

export interface WorkerOptions {
  concurrency?: number;
  idleMs?: number;
  schedule?: readonly number[];
}

export function startWebhookWorker(options: WorkerOptions = {}): { stop: () => Promise<void> } {
  const concurrency = options.concurrency ?? Number(process.env.WEBHOOK_CONCURRENCY ?? 16);
  const idleMs = options.idleMs ?? 500;
  const schedule = options.schedule ?? DEFAULT_RETRY_SCHEDULE_MS;
  const inFlight = new Set<Promise<void>>();
  let stopped = false;

  const loop = async () => {
    while (!stopped) {
      let busy = false;
      try {
        busy = (await dispatchOutbox()) > 0;
        const claims = await claimDueDeliveries(concurrency - inFlight.size);
        for (const claim of claims) {
          const job = deliverClaimed(claim, schedule)
            .catch((error: unknown) => console.error(`Webhook delivery ${claim.id} failed:`, error))
            .finally(() => inFlight.delete(job));
          inFlight.add(job);
        }
        busy ||= claims.length > 0;
      } catch (error) {
        console.error("Webhook worker round failed:", error);
      }
      if (inFlight.size >= concurrency) await Promise.race(inFlight);
      else if (!busy) await new Promise((resolve) => setTimeout(resolve, idleMs));
    }
  };
  const running = loop();
  return {
    async stop() {
      stopped = true;
      await running;
      await Promise.allSettled([...inFlight]);
    },
  };
}
