// npm test: the one test command.
// 1. Unit, database and integration tests (Vitest) on the embedded database.
// 2. The integration tests again on PostgreSQL when TEST_DATABASE_URL names a server
//    (e.g. postgresql://postgres@127.0.0.1:5432/postgres; a fresh database is made and dropped).
// 3. The Playwright tests in Debian's Chromium against the production build.
// 4. With TEST_DATABASE_URL: the crash and several-instance tests (tests/processes), which start
//    the production server as child processes and kill it (SKIP_PROCESSES=1 leaves them out).
// 5. With TEST_DATABASE_URL: the failover and read-replica tests on a replicated PostgreSQL
//    (tests/ha; SKIP_HA=1 leaves them out).
// 6. With TEST_DATABASE_URL: the benchmark's smoke run (SKIP_BENCH=1 leaves it out).
/* eslint-disable @typescript-eslint/no-explicit-any -- reads the runners' JSON reports */
import "./require-node.ts";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { playwrightFailures, vitestFailures, type Failure } from "./test-failures.ts";
import { answerHelp } from "./usage.ts";

answerHelp(`Usage: npm test

  Unit, database and integration tests on the embedded database; then, with TEST_DATABASE_URL
  (e.g. postgresql://postgres@127.0.0.1:5432/postgres), the integration tests on PostgreSQL; the
  Playwright tests (SKIP_E2E=1 leaves them out); with TEST_DATABASE_URL the process tests
  (SKIP_PROCESSES=1), the failover test (SKIP_HA=1) and the benchmark smoke run (SKIP_BENCH=1).`);

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const steps: { name: string; ok: boolean; passed: number; failed: number; skipped: number; failures?: Failure[] }[] =
  [];

/** Runs one step; `report` is the JSON report it writes, read back for the test counts. */
function run(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string>,
  report: string,
  count: (json: any) => [number, number, number],
  failuresOf: (json: any) => Failure[],
) {
  console.log(`\n▶ ${name}\n`);
  rmSync(report, { force: true });
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  let [passed, failed, skipped] = [0, 0, 0];
  let failures: Failure[] = [];
  try {
    const json = JSON.parse(readFileSync(report, "utf8"));
    [passed, failed, skipped] = count(json);
    failures = failuresOf(json);
  } catch {
    failed = 1; // no report: the runner itself failed
  }
  steps.push({ name, ok: result.status === 0 && failed === 0, passed, failed, skipped, failures });
}

mkdirSync("test-results", { recursive: true });
const vitest = (report: string) => [
  "node_modules/vitest/vitest.mjs",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${report}`,
];
const vitestCounts = (json: any): [number, number, number] => [
  json.numPassedTests,
  json.numFailedTests + (json.numTotalTestSuites === 0 ? 1 : 0),
  json.numPendingTests + json.numTodoTests,
];
run(
  "Unit, database and integration tests on the embedded database (PGlite)",
  process.execPath,
  vitest("test-results/vitest-embedded.json"),
  { TEST_DATABASE_URL: "" },
  "test-results/vitest-embedded.json",
  vitestCounts,
  vitestFailures,
);

if (process.env.TEST_DATABASE_URL) {
  run(
    "Integration tests on PostgreSQL",
    process.execPath,
    [...vitest("test-results/vitest-postgresql.json"), "tests/integration"],
    {},
    "test-results/vitest-postgresql.json",
    vitestCounts,
    vitestFailures,
  );
} else {
  console.log("\nTEST_DATABASE_URL is not set: skipping the PostgreSQL run (concurrency is only proven there).");
}

if (process.env.SKIP_E2E === "1") {
  console.log("\nSKIP_E2E=1: skipping the Playwright tests.");
} else if (!existsSync(chromium)) {
  console.error(
    `\nNo Chromium at ${chromium}: the Playwright tests need Debian's Chromium (Playwright cannot download browsers here).\n` +
      "Install it with `sudo apt-get install -y chromium`, point CHROMIUM_PATH at another Chromium, or set SKIP_E2E=1 to leave them out.",
  );
  steps.push({ name: "Playwright tests (no Chromium found)", ok: false, passed: 0, failed: 1, skipped: 0 });
} else {
  rmSync(".data/e2e", { recursive: true, force: true });
  rmSync(".data/e2e-live", { recursive: true, force: true });
  run(
    "Playwright tests (Chromium, production build, embedded database)",
    process.execPath,
    ["node_modules/@playwright/test/cli.js", "test", "--reporter=list,json"],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: "test-results/playwright.json" },
    "test-results/playwright.json",
    (json) => [json.stats.expected + json.stats.flaky, json.stats.unexpected, json.stats.skipped],
    playwrightFailures,
  );
}

// Crash safety and several instances: real `next start` processes on the Playwright step's
// production build (built here when that step was skipped), on PostgreSQL — killing a server
// and restarting it, or running two, only means something against a database that outlives them.
if (process.env.TEST_DATABASE_URL && process.env.SKIP_PROCESSES !== "1") {
  if (!existsSync(".next/BUILD_ID")) {
    console.log("\nNo production build yet: npm run build\n");
    spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  }
  run(
    "Crash and several-instance tests on PostgreSQL (production server processes)",
    process.execPath,
    [...vitest("test-results/vitest-processes.json"), "--config", "vitest.processes.config.ts"],
    {},
    "test-results/vitest-processes.json",
    vitestCounts,
    vitestFailures,
  );
}

// Failover and read replicas (tests/ha): a replicated PostgreSQL built from Debian's packages
// (etcd, Patroni, HAProxy, PgBouncer; .ci/run installs them), its primary killed and switched over
// under load; its replicas serving reads while one lags, one is killed and the primary switches over.
// With TEST_DATABASE_URL, as the other steps that need a real server; SKIP_HA=1 leaves it out.
if (process.env.TEST_DATABASE_URL && process.env.SKIP_HA !== "1") {
  if (!existsSync(".next/BUILD_ID")) spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  run(
    "Failover and read replicas of a replicated PostgreSQL (Patroni, HAProxy, PgBouncer)",
    process.execPath,
    [...vitest("test-results/vitest-ha.json"), "--config", "vitest.ha.config.ts"],
    {},
    "test-results/vitest-ha.json",
    vitestCounts,
    vitestFailures,
  );
}

// The benchmark in its smoke mode (a few seconds, tiny data): not a timed test — it fails only
// when a call fails or the webhook backlog does not drain — but it keeps `npm run bench` from
// rotting. After the Playwright step, whose production build it reuses.
if (process.env.TEST_DATABASE_URL && process.env.SKIP_BENCH !== "1") {
  console.log("\n▶ Benchmark smoke run (npm run bench -- --smoke)\n");
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/bench/index.ts", "--smoke"], {
    stdio: "inherit",
    env: { ...process.env, BENCH_DATABASE_URL: process.env.TEST_DATABASE_URL },
  });
  const ok = result.status === 0;
  steps.push({ name: "Benchmark smoke run on PostgreSQL", ok, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 });
}

console.log("\nSummary");
for (const step of steps) {
  console.log(
    `  ${step.ok ? "✔" : "✘"} ${step.name}: ${step.passed} passed, ${step.failed} failed${step.skipped ? `, ${step.skipped} skipped` : ""}`,
  );
  for (const failure of step.failures ?? []) console.log(`      ✘ ${failure.name}\n        ${failure.message}`);
}
const total = (key: "passed" | "failed" | "skipped") => steps.reduce((sum, step) => sum + step[key], 0);
const failedSteps = steps.filter((s) => !s.ok).length;
const failed = Math.max(total("failed"), failedSteps);
console.log(`${total("passed")} passed, ${failed} failed${total("skipped") ? `, ${total("skipped")} skipped` : ""}`);
process.exit(failedSteps ? 1 : 0);
