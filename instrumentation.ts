// Runs once when a Next server starts: the background jobs that live inside the server process.
// Both are safe to run in several instances at once against one PostgreSQL.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || !process.env.DATABASE_URL) return;
  if (process.env.SCHEDULER !== "off") {
    const { startScheduler } = await import("./lib/jobs/scheduler.ts");
    startScheduler();
  }
  if (process.env.WEBHOOK_WORKER !== "off") {
    const { startWebhookWorker } = await import("./lib/webhooks/worker.ts");
    startWebhookWorker();
  }
}
