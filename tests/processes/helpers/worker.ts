// `npm run worker` as a child process (its own process group), resolved once it says it runs.
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { capture } from "../../../scripts/bench/server.ts";

/** The worker's output is captured: serverOutput(worker) reads it (scripts/bench/server.ts). */
export async function startWorker(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
    env: { ...process.env, ...env },
  });
  capture(child, "ignore");
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on(
      "line",
      (line) => line.includes("Webhook worker running") && resolve(),
    );
    child.once("exit", (code) => reject(new Error(`the worker exited with ${code}`)));
  });
  return child;
}
