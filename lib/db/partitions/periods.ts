// What a partitioned table is cut into: weeks (weeks.ts) for the logs that go after a few weeks,
// months (months.ts) for the events, kept for years and looked up by id across every partition, so
// that there are few partitions to look in. maintain-partitions.ts works with either.
export interface Period {
  /** The unit of PostgreSQL's date_trunc that gives a period's start, as start() does. */
  unit: "week" | "month";
  /** The start of the period that holds `at` (UTC). */
  start(at: Date): Date;
  /** The start of the period after the one that starts at `start`. */
  next(start: Date): Date;
  /** The name of a table's partition for the period that starts at `start`. */
  partitionName(table: string, start: Date): string;
  /** The start a partition's name stands for, or null for a name that is not one of this table's periods. */
  ofPartition(table: string, name: string): Date | null;
}

/** The starts of the period of `from` and of the `ahead` periods after it. */
export function periodsFrom(period: Period, from: Date, ahead: number): Date[] {
  const starts = [period.start(from)];
  for (let i = 0; i < ahead; i++) starts.push(period.next(starts[i]!));
  return starts;
}
