// The memory part of `npm run bench -- --memory-minutes 5`: the service under steady load for that
// long (the scenarios in turn, 30 seconds each, at full connections), its resident memory sampled
// after every slice. Flat means what garbage collection gives back stays given back: the last
// minute's samples near the first minute's, not a line that keeps climbing.
import { hammer, type Scenario } from "./load.ts";
import { rssMb } from "./report.ts";

export interface MemoryResult {
  minutes: number;
  requests: number;
  failures: number;
  /** Seconds since the start of the run → resident MB of the service. */
  samples: { seconds: number; rssMb: number }[];
}

const SLICE_SECONDS = 30;

export async function measureMemory(
  origin: string,
  token: string,
  scenarios: Scenario[],
  pid: number,
  minutes: number,
  connections: number,
): Promise<MemoryResult> {
  const started = performance.now();
  const samples = [{ seconds: 0, rssMb: rssMb(pid) }];
  let requests = 0;
  let failures = 0;
  for (let slice = 0; slice < Math.ceil((minutes * 60) / SLICE_SECONDS); slice++) {
    const measured = await hammer(origin, token, scenarios[slice % scenarios.length]!, {
      connections,
      seconds: SLICE_SECONDS,
    });
    requests += measured.total;
    failures += measured.failures;
    samples.push({ seconds: Math.round((performance.now() - started) / 1000), rssMb: rssMb(pid) });
    console.log(`  memory: ${samples.at(-1)!.seconds} s, ${samples.at(-1)!.rssMb.toFixed(0)} MB`);
  }
  return { minutes, requests, failures, samples };
}
