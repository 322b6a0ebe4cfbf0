// Weeks as the partitioned tables cut time: Monday 00:00 UTC to the next Monday (the stored times
// are UTC), each week's partition named by its Monday, as the migration that made the first ones
// names them (prisma/migrations/20261129110000_request_log_weekly_partitions).
import { periodsFrom, type Period } from "./periods.ts";

const DAY_MS = 86_400_000;
export const WEEK_MS = 7 * DAY_MS;

/** Monday 00:00 UTC of the week that holds `at`. */
export function weekStart(at: Date): Date {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const daysSinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - daysSinceMonday * DAY_MS);
}

/** "ApiRequestLog_p20261123" for the week from Monday 23 November 2026. */
export function partitionName(table: string, week: Date): string {
  return `${table}_p${week.toISOString().slice(0, 10).replaceAll("-", "")}`;
}

/** The Monday a partition's name stands for, or null for a name that is not a week's partition. */
export function weekOfPartition(table: string, name: string): Date | null {
  const match = new RegExp(`^${table}_p(\\d{4})(\\d{2})(\\d{2})$`).exec(name);
  if (!match) return null;
  const week = new Date(`${match[1]}-${match[2]}-${match[3]}T00:00:00.000Z`);
  return Number.isNaN(week.getTime()) || weekStart(week).getTime() !== week.getTime() ? null : week;
}

export const WEEK: Period = {
  unit: "week",
  start: weekStart,
  next: (week) => new Date(week.getTime() + WEEK_MS),
  partitionName,
  ofPartition: weekOfPartition,
};

/** The Mondays from the week of `from` through `weeksAhead` weeks after it. */
export const weeksFrom = (from: Date, weeksAhead: number): Date[] => periodsFrom(WEEK, from, weeksAhead);
