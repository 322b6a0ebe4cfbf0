// When to try again after a failed attempt: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h
// (a little over 27 hours in all), each with ±10 % jitter so that a recovering receiver is not
// hit by every retry at the same instant.
export const DEFAULT_RETRY_SCHEDULE_MS = [0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];

/** Delay before attempt `attemptNumber + 1`, or null when the schedule is used up. */
export function nextRetryDelay(
  schedule: readonly number[],
  attemptNumber: number,
  random = Math.random,
): number | null {
  const base = schedule[attemptNumber];
  if (base === undefined) return null;
  return Math.round(base * (0.9 + 0.2 * random()));
}
