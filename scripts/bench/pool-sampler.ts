// The database pool of a benchmark's server while a load runs: its operators' listener
// (/metrics, lib/ops/metrics.ts) read every 100 ms, keeping the most connections in use and the
// most queries waiting for one that were seen.
export interface PoolPeak {
  inUse: number;
  waiting: number;
}

const gauge = (page: string, pattern: RegExp) => Number(pattern.exec(page)?.[1] ?? 0);

/** Samples until the returned stop() is called; stop() resolves with the peaks. */
export function samplePool(metricsOrigin: string): { stop: () => Promise<PoolPeak> } {
  const peak: PoolPeak = { inUse: 0, waiting: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      try {
        const page = await (await fetch(`${metricsOrigin}/metrics`)).text();
        peak.inUse = Math.max(peak.inUse, gauge(page, /^escrow_db_pool_connections\{state="in_use"\} (\d+)/m));
        peak.waiting = Math.max(peak.waiting, gauge(page, /^escrow_db_pool_waiting_requests (\d+)/m));
      } catch {
        // a missed sample
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return peak;
    },
  };
}
