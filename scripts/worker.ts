// npm run worker – the webhook worker and the deadline scheduler on their own, next to (or
// instead of) the ones inside the server. Uses DATABASE_URL, or joins the embedded database of a
// running `npm run dev`.
import { requireDataKeysFor } from "../lib/crypto/data-keys.ts";
import { checkOutsidePartySettings } from "../lib/outside-parties.ts";
import { resolveDatabase } from "../lib/db/connection.ts";
import { startScheduler } from "../lib/jobs/scheduler.ts";
import { startWebhookWorker } from "../lib/webhooks/worker.ts";

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
