// Keeps a table partitioned by week (weeks.ts): partitions made ahead of time, lines that landed in
// the default partition moved into their week's, and weeks wholly past retention dropped — a drop
// frees a week of rows at once, where deleting them would leave dead rows for vacuum to find and
// indexes bloated (docs/operations.md, "Partitioned tables"). Run by the retention round
// (lib/jobs/retention.ts), which several instances may run at once.
//
// Each round is one transaction under an advisory lock (one instance works, the others skip) with a
// short lock_timeout: making or dropping a partition takes a lock on the whole table that every
// insert then queues behind, so a round that cannot have it at once gives up and the next one tries.
import type { Db } from "../client.ts";
import { partitionName, WEEK_MS, weekOfPartition, weeksFrom } from "./weeks.ts";

/** Weeks made ahead, so that lines almost never wait in the default partition. */
export const WEEKS_AHEAD = 4;
const LOCK_TIMEOUT = "2s";
const SCHEMA = "partitions";

export interface WeeklyPartitionedTable {
  table: string;
  /** The timestamp column the table is partitioned on. */
  column: string;
}

export interface PartitionRound {
  /** False when another instance held the table's round. */
  ran: boolean;
  created: string[];
  dropped: string[];
  /** Lines moved out of the default partition into their week's. */
  moved: number;
}

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
// The columns are timestamps without a zone, holding UTC.
const literal = (date: Date) => `'${date.toISOString().replace("Z", "")}'`;

/**
 * Makes the partitions of this week and WEEKS_AHEAD more (and of any week whose lines wait in the
 * default partition), then drops every week that ended `keepDays` or more before `now`.
 */
export async function maintainWeeklyPartitions(
  client: Db,
  spec: WeeklyPartitionedTable,
  now: Date,
  keepDays: number,
): Promise<PartitionRound> {
  return client.$transaction(async (tx) => {
    const [lock] = await tx.$queryRaw<{ locked: boolean }[]>`
      SELECT pg_try_advisory_xact_lock(hashtext(${`partitions:${spec.table}`})) AS locked`;
    if (!lock?.locked) return { ran: false, created: [], dropped: [], moved: 0 };
    await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);

    const existing = new Map((await weeksWithPartitions(tx, spec)).map((week) => [week.getTime(), week]));
    const waiting = await weeksWaitingInDefault(tx, spec);
    const wanted = [...waiting, ...weeksFrom(now, WEEKS_AHEAD)].filter((week) => !existing.has(week.getTime()));
    const created: string[] = [];
    let moved = 0;
    for (const week of [...new Map(wanted.map((week) => [week.getTime(), week])).values()]) {
      moved += await createWeek(tx, spec, week);
      created.push(partitionName(spec.table, week));
      existing.set(week.getTime(), week);
    }

    const cutoff = now.getTime() - keepDays * 86_400_000;
    const dropped: string[] = [];
    for (const week of existing.values()) {
      if (week.getTime() + WEEK_MS > cutoff) continue;
      const name = partitionName(spec.table, week);
      await tx.$executeRawUnsafe(`DROP TABLE ${ident(SCHEMA)}.${ident(name)}`);
      dropped.push(name);
    }
    return { ran: true, created, dropped: dropped.sort(), moved };
  });
}

async function weeksWithPartitions(tx: Tx, spec: WeeklyPartitionedTable): Promise<Date[]> {
  const rows = await tx.$queryRaw<{ name: string }[]>`
    SELECT child.relname AS name
    FROM pg_inherits i
    JOIN pg_class child ON child.oid = i.inhrelid
    JOIN pg_class parent ON parent.oid = i.inhparent
    WHERE parent.relname = ${spec.table} AND parent.relnamespace = current_schema()::regnamespace`;
  return rows.flatMap(({ name }) => weekOfPartition(spec.table, name) ?? []);
}

async function weeksWaitingInDefault(tx: Tx, spec: WeeklyPartitionedTable): Promise<Date[]> {
  const rows = await tx.$queryRawUnsafe<{ week: Date }[]>(
    `SELECT DISTINCT date_trunc('week', ${ident(spec.column)}) AS week FROM ${defaultPartition(spec)}`,
  );
  return rows.map(({ week }) => week);
}

const defaultPartition = (spec: WeeklyPartitionedTable) => `${ident(SCHEMA)}.${ident(`${spec.table}_default`)}`;

/**
 * Makes one week's partition: a table of the same shape, the week's lines moved into it from the
 * default partition, then attached. Attaching (not CREATE … PARTITION OF) because the default
 * partition may hold lines of that week, which a new partition may not overlap. Returns the lines
 * moved.
 */
async function createWeek(tx: Tx, spec: WeeklyPartitionedTable, week: Date): Promise<number> {
  const name = `${ident(SCHEMA)}.${ident(partitionName(spec.table, week))}`;
  const from = literal(week);
  const to = literal(new Date(week.getTime() + WEEK_MS));
  const column = ident(spec.column);
  await tx.$executeRawUnsafe(`CREATE TABLE ${name} (LIKE ${ident(spec.table)} INCLUDING DEFAULTS)`);
  const moved = await tx.$executeRawUnsafe(
    `WITH moved AS (DELETE FROM ${defaultPartition(spec)} WHERE ${column} >= ${from} AND ${column} < ${to} RETURNING *)
     INSERT INTO ${name} SELECT * FROM moved`,
  );
  await tx.$executeRawUnsafe(
    `ALTER TABLE ${ident(spec.table)} ATTACH PARTITION ${name} FOR VALUES FROM (${from}) TO (${to})`,
  );
  return moved;
}
