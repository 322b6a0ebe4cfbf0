// Months as the partitioned events cut time: the first of the month 00:00 UTC to the first of the
// next (the stored times are UTC), each month's partition named by its year and month
// ("OutboxEvent_2026_11"), as the migration that made the first ones names them
// (prisma/migrations/20261129140000_outbox_monthly_partitions).
import type { Period } from "./periods.ts";

/** The first of the month that holds `at`, 00:00 UTC. */
export function monthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/** The first of the month after the one that holds `at` (Date.UTC carries December into January). */
export function nextMonth(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}

/** "OutboxEvent_2026_11" for November 2026. */
export function monthPartitionName(table: string, month: Date): string {
  return `${table}_${month.getUTCFullYear()}_${String(month.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** The first of the month a partition's name stands for, or null for a name that is not a month's partition. */
export function monthOfPartition(table: string, name: string): Date | null {
  const match = new RegExp(`^${table}_(\\d{4})_(\\d{2})$`).exec(name);
  if (!match) return null;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? new Date(Date.UTC(Number(match[1]), month - 1, 1)) : null;
}

export const MONTH: Period = {
  unit: "month",
  start: monthStart,
  next: nextMonth,
  partitionName: monthPartitionName,
  ofPartition: monthOfPartition,
};
