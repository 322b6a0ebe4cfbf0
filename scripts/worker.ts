// npm run worker – the webhook worker and the deadline scheduler on their own, next to (or
// instead of) the ones inside the server. Uses DATABASE_URL, or joins the embedded database of a
// running `npm run dev`. Serves /metrics, /healthz and /readyz on the operators' listener
// (METRICS_PORT); on SIGTERM it stops claiming work, finishes and records the deliveries it holds,
// lets the scheduler end its round, and exits 0. A second signal exits at once.
import "./require-node.ts";
import { requireDataKeysFor } from "../lib/crypto/data-keys.ts";
import { db } from "../lib/db/client.ts";
import { resolveDatabase } from "../lib/db/connection.ts";
import { addDeadlineMetrics } from "../lib/jobs/deadline-metrics.ts";
import { addRailMetrics } from "../lib/payments/rail-health.ts";
import { startScheduler } from "../lib/jobs/scheduler.ts";
import { log } from "../lib/ops/log.ts";
import { beginShutdown, stopBackgroundJobs, stopOnShutdown } from "../lib/ops/lifecycle.ts";
import { startMetricsListener } from "../lib/ops/metrics-server.ts";
import { closeReadinessPool } from "../lib/ops/readiness.ts";
import { checkOutsidePartySettings } from "../lib/outside-parties.ts";
import { startWebhookWorker } from "../lib/webhooks/delivery-worker.ts";
import { answerHelp } from "./usage.ts";

answerHelp(`Usage: npm run worker

  The webhook worker and the deadline scheduler on their own, beside or instead of the ones in the
  server; /metrics, /healthz and /readyz on METRICS_PORT. DATABASE_URL, or the embedded database of
  a running \`npm run dev\`. SIGTERM drains. docs/operations.md.`);

const database = await resolveDatabase();
process.env.DATABASE_URL = database.url;
try {
  // It signs deliveries: on a real database the data key must come from the environment.
  requireDataKeysFor(database.kind, "npm run worker");
  checkOutsidePartySettings();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await database.embedded?.stop();
  process.exit(1);
}
stopOnShutdown("webhook worker", startWebhookWorker().stop);
if (process.env.SCHEDULER !== "off") stopOnShutdown("scheduler", startScheduler());
addDeadlineMetrics();
addRailMetrics();
const metricsListener = await startMetricsListener("worker");
log.info(`Webhook worker running (${database.kind}). Ctrl-C to stop.`);

let signals = 0;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    if (++signals > 1) process.exit(1);
    beginShutdown();
    log.info(`${signal}: finishing the deliveries and the scheduler round in hand`);
    await stopBackgroundJobs((message) => log.info(`Shutdown: ${message}`));
    await Promise.allSettled([metricsListener.close(), closeReadinessPool(), db.$disconnect()]);
    await database.embedded?.stop();
    process.exit(0);
  });
}
