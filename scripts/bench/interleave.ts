// The sides of a row (service, baseline, the service with every record rendered) measured in
// turns: `rounds` slices each, the order turned round every round, instead of one side's whole
// run and then the other's. On a shared machine the speed moves by tens of percent from one
// half-minute to the next (a neighbour on the host); measured one after the other, that drift
// went straight into the ratio (the journey gave 62%, 75% and 105% in three runs of the same code,
// docs/performance.md). In turns, each side gets its share of the slow and the fast moments.
import type { Measured } from "./load.ts";

export interface Side {
  /** Before each slice (the benchmark settles the database: VACUUM and CHECKPOINT). */
  before?: () => Promise<void>;
  /** Once, before the first slice: the warm-up. */
  warm?: () => Promise<void>;
  /** One slice of the measurement. */
  slice: () => Promise<Measured>;
}

export async function inTurns(sides: Side[], rounds: number): Promise<Measured[]> {
  const slices: Measured[][] = sides.map(() => []);
  for (let round = 0; round < rounds; round++) {
    const order = sides.map((_, index) => index);
    if (round % 2 === 1) order.reverse();
    for (const index of order) {
      const side = sides[index]!;
      await side.before?.();
      if (round === 0) await side.warm?.();
      slices[index]!.push(await side.slice());
    }
  }
  return slices.map(combined);
}

/**
 * The slices as one measurement: the rate over all of them; the percentiles weighted by each
 * slice's requests (exact percentiles would need every latency, which autocannon does not keep).
 */
export function combined(slices: Measured[]): Measured {
  const total = slices.reduce((sum, s) => sum + s.total, 0);
  const seconds = slices.reduce((sum, s) => sum + s.seconds, 0);
  const weighted = (pick: (s: Measured) => number) =>
    total ? slices.reduce((sum, s) => sum + pick(s) * s.total, 0) / total : 0;
  return {
    requestsPerSecond: seconds > 0 ? total / seconds : 0,
    p50Ms: weighted((s) => s.p50Ms),
    p99Ms: weighted((s) => s.p99Ms),
    failures: slices.reduce((sum, s) => sum + s.failures, 0),
    total,
    seconds,
  };
}
