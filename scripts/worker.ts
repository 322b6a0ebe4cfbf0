// npm run worker – the webhook worker and the deadline scheduler on their own, next to (or
// instead of) the ones inside the server. Uses DATABASE_URL, or joins the embedded database of a
// running `npm run dev`.
import { resolveDatabase } from "../lib/db/connection.ts";
import { startScheduler } from "../lib/jobs/scheduler.ts";
import { startWebhookWorker } from "../lib/webhooks/worker.ts";

const database = await resolveDatabase();
process.env.DATABASE_URL = database.url;
const worker = startWebhookWorker();
const stopScheduler = process.env.SCHEDULER === "off" ? () => {} : startScheduler();
console.log(`Webhook worker running (${database.kind}). Ctrl-C to stop.`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    stopScheduler();
    await worker.stop();
    await database.embedded?.stop();
    process.exit(0);
  });
}
