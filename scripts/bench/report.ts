// The results of `npm run bench`: a console table, a JSON file and a Markdown file.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Measured } from "./load.ts";
import type { MemoryResult } from "./memory.ts";
import type { WebhookResult } from "./webhooks.ts";

export interface Row {
  name: string;
  unit: "req/s" | "journeys/s";
  connections: number;
  service: Measured;
  baseline: Measured;
  /** The service's resident memory (MB) before and after the scenario. */
  serviceRssMb: [number, number];
}

export interface Report {
  startedAt: string;
  machine: Record<string, string | number>;
  data: Record<string, number | string>;
  rows: Row[];
  webhooks: WebhookResult;
  memory?: MemoryResult;
}

export function machine(database: string): Record<string, string | number> {
  let postgres = "";
  try {
    postgres = execFileSync("psql", ["--version"], { encoding: "utf8" }).trim();
  } catch {
    postgres = "(psql not found)";
  }
  return {
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? "",
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    database,
    psql: postgres,
  };
}

const f = (n: number, digits = 0) =>
  n.toLocaleString("en", { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** The service's rate as a share of the baseline's, with one decimal: the targets are thresholds (80%), and 79.8% must not print as 80%. */
const ratio = (r: Row) =>
  r.baseline.requestsPerSecond ? `${f((100 * r.service.requestsPerSecond) / r.baseline.requestsPerSecond, 1)}%` : "–";

export function markdown(report: Report): string {
  const lines = [
    "| Scenario | Conns | Service | p50 ms | p99 ms | Baseline | p50 ms | p99 ms | Service/baseline | Failures (svc/base) | Service RSS MB (start→end) |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...report.rows.map(
      (r) =>
        `| ${r.name} | ${r.connections} | ${f(r.service.requestsPerSecond, r.unit === "journeys/s" ? 1 : 0)} ` +
        `${r.unit} | ${f(r.service.p50Ms, 1)} | ${f(r.service.p99Ms, 1)} | ${f(r.baseline.requestsPerSecond, r.unit === "journeys/s" ? 1 : 0)} ` +
        `${r.unit} | ${f(r.baseline.p50Ms, 1)} | ${f(r.baseline.p99Ms, 1)} | ${ratio(r)} ` +
        `| ${r.service.failures}/${r.baseline.failures} | ${f(r.serviceRssMb[0])}→${f(r.serviceRssMb[1])} ` +
        `|`,
    ),
    "",
    `Webhook delivery (the service's worker, ${report.webhooks.concurrency} in flight, to a ` +
      `local receiver): ${f(report.webhooks.eventsPerSecond)} events/s; a backlog of ${f(report.webhooks.backlog)} ` +
      `events drained in ${f(report.webhooks.drainSeconds, 1)} s (${f(report.webhooks.received)} ` +
      `requests received).`,
  ];
  if (report.memory) {
    const { samples } = report.memory;
    lines.push(
      "",
      `Memory under load for ${report.memory.minutes} minutes (${f(report.memory.requests)} ` +
        `requests, ${report.memory.failures} failed): service RSS ${samples.map((s) => `${f(s.rssMb)}`).join(" → ")} ` +
        `MB (every 30 s).`,
    );
  }
  return lines.join("\n");
}

export function writeReport(report: Report, folder: string): { json: string; md: string } {
  mkdirSync(folder, { recursive: true });
  const stamp = report.startedAt.replace(/[:.]/g, "-");
  const json = path.join(folder, `bench-${stamp}.json`);
  const md = path.join(folder, `bench-${stamp}.md`);
  writeFileSync(json, JSON.stringify(report, null, 2));
  const header = [
    `# Benchmark ${report.startedAt}`,
    "",
    `Machine: ${report.machine.cpus} CPUs (${report.machine.cpuModel}), ${report.machine.memoryGb} ` +
      `GB, Node ${report.machine.node}, ${report.machine.database} (${report.machine.psql}).`,
    `Data: ${Object.entries(report.data)
      .map(([k, v]) => `${k} ${typeof v === "number" ? f(v) : v}`)
      .join(", ")}.`,
    "",
  ];
  writeFileSync(md, [...header, markdown(report), ""].join("\n"));
  return { json, md };
}

/** Resident memory of a process and its children, in MB (Linux /proc; 0 elsewhere). */
export function rssMb(pid: number): number {
  try {
    const out = execFileSync("ps", ["-o", "rss=", "--pid", String(pid), "--ppid", String(pid)], { encoding: "utf8" });
    return out.split("\n").reduce((sum, line) => sum + (Number(line.trim()) || 0), 0) / 1024;
  } catch {
    return 0;
  }
}
