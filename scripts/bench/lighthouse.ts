// npm run bench:lighthouse -- [--runs 3] [--port 3230] [--dir <checkout>]…
// Lighthouse's mobile performance (its defaults: a mid-range phone, simulated slow 4G and 4× CPU
// slowdown) of each hosted page, `/`, /docs and one operation page of /docs, on the production build
// (`npm run build` first) started here on a fresh embedded database. Prints, per page, the
// performance score (median of the runs, and the range), the medians of Total Blocking Time and
// Largest Contentful Paint, and the script the page loaded (files, gzipped KB). A benchmark: it
// reports figures and asserts nothing; docs/performance.md keeps a run's figures. Chrome is
// Debian's (CHROME_PATH, default /usr/bin/chromium).
//
// Each --dir is a checkout with its own build (default: this one), served on its own port: with
// two (before and after a change) the runs alternate between them page by page, so that both
// see the same load on a shared machine.
import "../require-node.ts";
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { request } from "@playwright/test";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { tenantApi } from "../../e2e/support/api.ts";
import { oneLinkPerHostedPage, type HostedLink } from "../../e2e/support/hosted-links.ts";
import { createE2eTenant } from "../../e2e/support/tenant.ts";
import { benchOptions } from "./cli-options.ts";
import { startServer, stopServer } from "./server.ts";

const values = benchOptions(
  "npm run bench:lighthouse -- [--runs 3] [--port 3230] [--dir <checkout>]…\n" +
    "Lighthouse mobile performance of the hosted pages and /docs (docs/performance.md).",
  {
    runs: { type: "string", default: "3" },
    port: { type: "string", default: "3230" },
    dir: { type: "string", multiple: true, default: [process.cwd()] },
  },
);
const runs = Number(values.runs);
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

type Run = { score: number; tbt: number; lcp: number; scriptRequests: number; scriptBytes: number };
type Target = { dir: string; server: ChildProcess; dataDir: string; pages: HostedLink[]; results: Run[][] };

const targets: Target[] = [];
const chrome = await launch({ chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", chromeFlags: CHROME_FLAGS });
try {
  for (const [index, dir] of values.dir.entries()) targets.push(await serve(dir, Number(values.port) + index));
  console.log(`Lighthouse ${runs} run(s) per page, mobile defaults, ${await chromeVersion(chrome.port)}`);
  const pageCount = targets[0]!.pages.length;
  for (let page = 0; page < pageCount; page++) {
    for (let run = 0; run < runs; run++) {
      for (const target of targets) {
        const measured = await measure(target.pages[page]!.url, chrome.port);
        if (measured) (target.results[page] ??= []).push(measured);
      }
    }
  }
  for (const target of targets) report(target, runs);
} finally {
  chrome.kill();
  for (const target of targets) {
    await stopServer(target.server);
    rmSync(target.dataDir, { recursive: true, force: true });
  }
}

/** Starts a checkout's build on a fresh database and makes the pages' addresses on it. */
async function serve(dir: string, port: number): Promise<Target> {
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "escrow-lighthouse-"));
  const database = { url: "", dataDir: path.join(dataDir, "pglite") };
  const command: [string, string[]] = [process.execPath, ["--import", "tsx", "scripts/run.ts", "start"]];
  const server = await startServer("lighthouse", port, command, {
    cwd: dir,
    // Every run comes from one address: not what the per-client limit of the hosted pages is for.
    env: {
      EMBEDDED_DATA_DIR: database.dataDir,
      DATABASE_URL: "",
      DEMO_TENANT: "false",
      HOSTED_RATE_LIMIT_PER_MINUTE: "100000",
    },
  });
  const api = tenantApi(await request.newContext({ baseURL }), createE2eTenant("Lighthouse", { database }));
  const docs = (await (await fetch(`${baseURL}/api/v1/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  const operationId = Object.values(docs.paths)
    .flatMap((methods) => Object.values(methods))
    .find((operation) => operation.operationId)!.operationId!;
  const pages = [
    ...(await oneLinkPerHostedPage(api, baseURL, String(Date.now()))),
    { name: "/", url: `${baseURL}/` },
    { name: "/docs", url: `${baseURL}/docs` },
    { name: `/docs/operations/${operationId}`, url: `${baseURL}/docs/operations/${operationId}` },
  ];
  return { dir, server, dataDir, pages, results: [] };
}

/** One Lighthouse run, or null (said on stderr) when Lighthouse could not measure the page. */
async function measure(url: string, chromePort: number): Promise<Run | null> {
  const result = await lighthouse(url, {
    port: chromePort,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
  });
  if (!result || result.lhr.runtimeError) {
    console.error(`Lighthouse could not measure ${url}: ${result?.lhr.runtimeError?.message ?? "no result"}`);
    return null;
  }
  const { categories, audits } = result.lhr;
  const summary = (audits["resource-summary"]?.details as { items?: ResourceRow[] } | undefined)?.items ?? [];
  const script = summary.find((row) => row.resourceType === "script");
  return {
    score: Math.round((categories.performance?.score ?? 0) * 100),
    tbt: audits["total-blocking-time"]?.numericValue ?? 0,
    lcp: audits["largest-contentful-paint"]?.numericValue ?? 0,
    scriptRequests: script?.requestCount ?? 0,
    scriptBytes: script?.transferSize ?? 0,
  };
}

type ResourceRow = { resourceType: string; requestCount: number; transferSize: number };

function report(target: Target, runsAsked: number) {
  console.log(`\n${target.dir}`);
  console.log(
    "page".padEnd(34) + "score (range)".padEnd(15) + "TBT ms".padStart(7) + "LCP ms".padStart(7) + "  script",
  );
  for (const [index, page] of target.pages.entries()) {
    const results = target.results[index] ?? [];
    if (results.length === 0) {
      console.log(`${page.name.padEnd(34)}no run measured`);
      continue;
    }
    const scores = results.map((run) => run.score).sort((a, b) => a - b);
    const missed = runsAsked - results.length;
    const script = results[0]!;
    console.log(
      page.name.padEnd(34) +
        `${median(scores)} (${scores[0]}–${scores.at(-1)})`.padEnd(15) +
        String(Math.round(median(results.map((run) => run.tbt)))).padStart(7) +
        String(Math.round(median(results.map((run) => run.lcp)))).padStart(7) +
        `  ${script.scriptRequests} files, ${(script.scriptBytes / 1024).toFixed(1)} KB` +
        (missed > 0 ? ` (${missed} run(s) not measured)` : ""),
    );
  }
}

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function chromeVersion(chromePort: number): Promise<string> {
  const version = (await (await fetch(`http://127.0.0.1:${chromePort}/json/version`)).json()) as { Browser: string };
  return version.Browser;
}
