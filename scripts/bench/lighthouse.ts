// npm run bench:lighthouse -- [--runs 3] [--port 3230] [--dir <checkout>]
// Lighthouse's mobile performance (its defaults: a mid-range phone, simulated slow 4G and 4× CPU
// slowdown) of each hosted page, `/`, /docs and one operation page of /docs, on the production build
// (`npm run build` first) started here on a fresh embedded database. Prints, per page, the
// performance score (median of the runs, and the range), Total Blocking Time, Largest Contentful
// Paint and the script the page loaded (requests, gzipped KB). A benchmark: it reports figures
// and asserts nothing; docs/performance.md keeps a run's figures. Chrome is Debian's
// (CHROME_PATH, default /usr/bin/chromium). --dir serves another checkout's build (built there),
// to compare before and after a change.
import "../require-node.ts";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { request } from "@playwright/test";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { tenantApi } from "../../e2e/support/api.ts";
import { oneLinkPerHostedPage } from "../../e2e/support/hosted-links.ts";
import { createE2eTenant } from "../../e2e/support/tenant.ts";
import { benchOptions } from "./cli-options.ts";
import { startServer, stopServer } from "./server.ts";

const values = benchOptions(
  "npm run bench:lighthouse -- [--runs 3] [--port 3230] [--dir <checkout>]\nLighthouse mobile performance of the hosted pages and /docs (docs/performance.md).",
  {
    runs: { type: "string", default: "3" },
    port: { type: "string", default: "3230" },
    dir: { type: "string", default: process.cwd() },
  },
);
const runs = Number(values.runs);
const port = Number(values.port);
const baseURL = `http://127.0.0.1:${port}`;
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

type Run = { score: number; tbt: number; lcp: number; scriptRequests: number; scriptBytes: number };

const dataDir = mkdtempSync(path.join(tmpdir(), "escrow-lighthouse-"));
const server = await startServer(
  "lighthouse",
  port,
  [process.execPath, ["--import", "tsx", "scripts/run.ts", "start"]],
  {
    cwd: values.dir,
    env: {
      EMBEDDED_DATA_DIR: path.join(dataDir, "pglite"),
      DATABASE_URL: "",
      DEMO_TENANT: "false",
      HOSTED_RATE_LIMIT_PER_MINUTE: "100000",
    },
  },
);
const chrome = await launch({ chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", chromeFlags: CHROME_FLAGS });
try {
  const tenant = createE2eTenant("Lighthouse", { database: { url: "", dataDir: path.join(dataDir, "pglite") } });
  const api = tenantApi(await request.newContext({ baseURL }), tenant);
  const docs = await (await fetch(`${baseURL}/api/v1/openapi.json`)).json();
  const operationId = Object.values(docs.paths as Record<string, Record<string, { operationId?: string }>>)
    .flatMap((methods) => Object.values(methods))
    .find((operation) => operation.operationId)!.operationId!;
  const pages = [
    ...(await oneLinkPerHostedPage(api, baseURL, String(Date.now()))),
    { name: "/", url: `${baseURL}/` },
    { name: "/docs", url: `${baseURL}/docs` },
    { name: `/docs/operations/${operationId}`, url: `${baseURL}/docs/operations/${operationId}` },
  ];
  console.log(`Lighthouse ${runs} run(s) per page, mobile defaults, Chrome ${await chromeVersion(chrome.port)}\n`);
  console.log(
    "page".padEnd(44) + "score (range)".padEnd(16) + "TBT ms".padStart(8) + "LCP ms".padStart(8) + "  script",
  );
  for (const page of pages) {
    const results: Run[] = [];
    for (let run = 0; run < runs; run++) results.push(await measure(page.url, chrome.port));
    results.sort((a, b) => a.score - b.score);
    const median = results[Math.floor(results.length / 2)]!;
    const range = `${results[0]!.score}–${results.at(-1)!.score}`;
    const script = `${median.scriptRequests} files, ${(median.scriptBytes / 1024).toFixed(1)} KB`;
    console.log(
      page.name.padEnd(44) +
        `${median.score} (${range})`.padEnd(16) +
        String(Math.round(median.tbt)).padStart(8) +
        String(Math.round(median.lcp)).padStart(8) +
        `  ${script}`,
    );
  }
} finally {
  chrome.kill();
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}

async function measure(url: string, chromePort: number): Promise<Run> {
  const result = await lighthouse(url, {
    port: chromePort,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
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

async function chromeVersion(chromePort: number): Promise<string> {
  const version = (await (await fetch(`http://127.0.0.1:${chromePort}/json/version`)).json()) as { Browser: string };
  return version.Browser;
}
