// `npm run bench:journey -- --per-call-cpu`: each server loads request-cpu.ts, which writes the CPU
// of its requests by call when it stops; this reads the two files and prints them side by side.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

type Totals = Record<string, { calls: number; micros: number }>;

/** The directory the servers write to, and the Node flags and environment that make them. */
export function perCallCpu() {
  const dir = mkdtempSync(join(tmpdir(), "request-cpu-"));
  return {
    nodeFlags: ["--import", fileURLToPath(new URL("./request-cpu.ts", import.meta.url))],
    env: { REQUEST_CPU_DIR: dir },
    /** After both servers stopped: the table; `journeys` is how many each ran (the warm-up's too). */
    print(servicePid: number, baselinePid: number, journeys: number): void {
      const read = (pid: number): Totals => JSON.parse(readFileSync(join(dir, `${pid}.json`), "utf8"));
      const [service, baseline] = [read(servicePid), read(baselinePid)];
      rmSync(dir, { recursive: true, force: true });
      console.log("\nServer CPU per call, milliseconds (process.cpuUsage from the request to its answer's end)\n");
      console.log("| Call | Calls | Service | Baseline | Service − baseline |\n|---|---:|---:|---:|---:|");
      let [serviceTotal, baselineTotal] = [0, 0];
      for (const [shape, s] of Object.entries(service)) {
        const b = baseline[shape];
        // The readiness probes' calls, and the warm-up's, are a handful: only the journeys' calls count.
        if (!b || s.calls < journeys) continue;
        const [sMs, bMs] = [s.micros / s.calls / 1000, b.micros / b.calls / 1000];
        serviceTotal += s.micros / 1000;
        baselineTotal += b.micros / 1000;
        console.log(`| ${shape} | ${s.calls} | ${sMs.toFixed(3)} | ${bMs.toFixed(3)} | ${(sMs - bMs).toFixed(3)} |`);
      }
      const ran = journeys;
      console.log(
        `| **Per journey** | | **${(serviceTotal / ran).toFixed(2)}** | **${(baselineTotal / ran).toFixed(2)}** | ` +
          `**${((serviceTotal - baselineTotal) / ran).toFixed(2)}** |`,
      );
    },
  };
}
