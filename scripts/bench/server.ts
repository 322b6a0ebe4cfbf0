// Starting and stopping the production server (scripts/serve.ts on the existing `.next` build)
// as a child process: used by the benchmark and by the crash and several-instance tests
// (tests/processes), which also kill it with SIGKILL; and the benchmarks' baseline server.
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";

/**
 * The production server as `npm start` runs it (scripts/serve.ts, via scripts/run.ts), minus the
 * database setup; `server: "next"` runs plain `next start` instead (the benchmark compares them).
 */
export function serviceCommand(
  port: number,
  options: { server?: "direct" | "next"; nodeFlags?: string[] } = {},
): [string, string[]] {
  const flags = options.nodeFlags ?? [];
  if (options.server === "next") {
    const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
    return [process.execPath, [...flags, nextBin, "start", "--port", String(port), "--hostname", "127.0.0.1"]];
  }
  return [
    process.execPath,
    [...flags, "--import", "tsx", "scripts/serve.ts", "--port", String(port), "--hostname", "127.0.0.1"],
  ];
}

/** The bare node:http + pg baseline the benchmarks compare the service with (scripts/bench/baseline-server.ts). */
export function baselineCommand(nodeFlags: string[] = []): [string, string[]] {
  return [process.execPath, [...nodeFlags, "--import", "tsx", "scripts/bench/baseline-server.ts"]];
}

/** Node flags given in an environment variable, space-separated (e.g. BENCH_NODE_FLAGS="--cpu-prof …"). */
export function nodeFlagsFrom(variable: string): string[] {
  return process.env[variable]?.split(" ").filter(Boolean) ?? [];
}

export interface StartOptions {
  /** Added to the environment, e.g. WEBHOOK_WORKER and SCHEDULER ("off" leaves them out). */
  env?: Record<string, string>;
  /** Where the server's output goes: "inherit" shows it, "ignore" drops it. */
  stdout?: "inherit" | "ignore";
  /** The folder to run in (a deployment bundle); the repository by default. */
  cwd?: string;
  /**
   * Keep what the server writes (stdout and stderr), still shown as it comes, for serverOutput():
   * tests read it for what must never be there, such as an uncaught exception.
   */
  captureOutput?: boolean;
}

const outputs = new WeakMap<ChildProcess, string[]>();

/** Everything a process whose output is captured (`captureOutput`) has written so far. */
export function serverOutput(child: ChildProcess): string {
  const chunks = outputs.get(child);
  if (!chunks) throw new Error("serverOutput: the process's output was not captured");
  return chunks.join("");
}

/** Records a child's piped stdout and stderr for serverOutput(); stderr is shown as it comes. */
export function capture(child: ChildProcess, stdout: "inherit" | "ignore"): void {
  const chunks: string[] = [];
  outputs.set(child, chunks);
  child.stdout!.on("data", (chunk: Buffer) => {
    chunks.push(chunk.toString());
    if (stdout === "inherit") process.stdout.write(chunk);
  });
  child.stderr!.on("data", (chunk: Buffer) => {
    chunks.push(chunk.toString());
    process.stderr.write(chunk);
  });
}

/**
 * Starts a server and resolves once it answers HTTP (an unauthenticated API call gives 401).
 * The child leads its own process group, so killServer() takes any process it spawned with it.
 */
export async function startServer(
  name: string,
  port: number,
  [command, args]: [string, string[]],
  options: StartOptions = {},
): Promise<ChildProcess> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    stdio: options.captureOutput ? ["ignore", "pipe", "pipe"] : ["ignore", options.stdout ?? "ignore", "inherit"],
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      NEXTAUTH_URL: `http://127.0.0.1:${port}`,
      NEXTAUTH_SECRET: "bench-only-secret-bench-only-secret",
      // The benchmark's and the tests' receivers listen on loopback.
      WEBHOOK_SANDBOX_PRIVATE_TARGETS: "allow",
      // Several servers may run on one machine: each metrics listener takes a free port.
      METRICS_PORT: "0",
      // Nothing balances load in front of these servers: no grace period to wait out on SIGTERM.
      SHUTDOWN_GRACE_MS: "0",
      // Every client here is 127.0.0.1, and the readiness probe above sends no token.
      API_FAILED_AUTH_PER_MINUTE: "100000",
      ...options.env,
    },
  });
  if (options.captureOutput) capture(child, options.stdout ?? "ignore");
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`The ${name} server exited with ${child.exitCode ?? child.signalCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/marketplace/users/x/trades/y`);
      if (response.status === 401) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  killServer(child, "SIGKILL");
  throw new Error(`The ${name} server did not answer on port ${port} within 60 s`);
}

/** Sends `signal` to the server's whole process group. */
export function killServer(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
}

/** Resolves once the child has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/** SIGTERM, then SIGKILL after five seconds. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  killServer(child, "SIGTERM");
  await Promise.race([exited(child), new Promise((resolve) => setTimeout(resolve, 5_000))]);
  if (child.exitCode === null && child.signalCode === null) {
    killServer(child, "SIGKILL");
    await exited(child);
  }
}
