// Runs once when a Next server starts: the background jobs that live inside the server process.
// Both are safe to run in several instances at once against one PostgreSQL. Each is registered to
// be stopped on SIGTERM (scripts/serve.ts drains requests, then stops them: the worker finishes and
// records the attempts it claimed, the scheduler ends its round).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || !process.env.DATABASE_URL) return;
  const { stopOnShutdown } = await import("./lib/ops/lifecycle.ts");
  if (process.env.SCHEDULER !== "off") {
    const { startScheduler } = await import("./lib/jobs/scheduler.ts");
    stopOnShutdown("scheduler", startScheduler());
  }
  if (process.env.WEBHOOK_WORKER !== "off") {
    const { startWebhookWorker } = await import("./lib/webhooks/delivery-worker.ts");
    stopOnShutdown("webhook worker", startWebhookWorker().stop);
  }
}
