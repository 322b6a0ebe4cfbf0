// Runs once when a Next server starts: background jobs that live inside the server process.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || !process.env.DATABASE_URL || process.env.SCHEDULER === "off") return;
  const { startScheduler } = await import("./lib/jobs/scheduler.ts");
  startScheduler();
}
