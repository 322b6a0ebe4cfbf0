// Keeps a table partitioned by period (a week or a month, periods.ts): partitions made ahead of
// time, rows that landed in the default partition moved into their period's, and periods wholly
// past retention dropped — a drop frees a period of rows at once, where deleting them would leave
// dead rows for vacuum to find and indexes bloated (docs/operations.md, "Partitioned tables"). Run
// by the retention round (lib/jobs/retention.ts), which several instances may run at once.
//
// Each round is one transaction under an advisory lock (one instance works, the others skip) with a
// short lock_timeout: making or dropping a partition takes a lock on the whole table that every
// insert then queues behind, so a round that cannot have it at once gives up and the next one tries.
import type { Db } from "../client.ts";
import type { Period } from "./periods.ts";
import { periodsFrom } from "./periods.ts";

const LOCK_TIMEOUT = "2s";

export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

export interface PartitionedTable {
  table: string;
  /** The timestamp column the table is partitioned on. */
  column: string;
  period: Period;
  /** Periods made ahead of the current one, so that rows almost never wait in the default partition. */
  ahead: number;
  /**
   * Where the partitions live: in the schema "partitions", out of the service schema's listing, or
   * beside the table, for a table that another table's foreign key refers to. PostgreSQL copies
   * such a key onto each partition, and Prisma's schema engine refuses a key into a schema that the
   * datasource does not list (it does not list partitions themselves, wherever they are).
   */
  partitionsIn: "partitions" | "table's schema";
  /**
   * Asked before a period past retention is dropped, in the round's transaction, with the period's
   * partition locked (nothing can be written to it or refer to its rows meanwhile): a reason to keep
   * the period this round, or null once it has removed what still refers to the period's rows.
   */
  beforeDrop?: (tx: Tx, period: { partition: string; from: Date; to: Date }) => Promise<string | null>;
}

export interface PartitionRound {
  /** False when another instance held the table's round. */
  ran: boolean;
  created: string[];
  dropped: string[];
  /** Periods past retention that beforeDrop kept, with its reason. */
  kept: { partition: string; reason: string }[];
  /** Rows moved out of the default partition into their period's. */
  moved: number;
}

/** A foreign key of another table that refers to the partitioned table. */
interface Reference {
  table: string;
  name: string;
  definition: string;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
// The columns are timestamps without a zone, holding UTC.
const literal = (date: Date) => `'${date.toISOString().replace("Z", "")}'`;
/** A partition's name as SQL: in the schema "partitions", or bare (the current schema, its table's). */
const partitionTable = (spec: PartitionedTable, name: string) =>
  spec.partitionsIn === "partitions" ? `${ident("partitions")}.${ident(name)}` : ident(name);

/**
 * Makes the partitions of this period and `spec.ahead` more (and of any period whose rows wait in
 * the default partition), then drops every period that ended `keepDays` or more before `now`
 * (none when `keepDays` is null: kept for good).
 */
export async function maintainPartitions(
  client: Db,
  spec: PartitionedTable,
  now: Date,
  keepDays: number | null,
): Promise<PartitionRound> {
  const round = await client.$transaction(async (tx) => {
    const [lock] = await tx.$queryRaw<{ locked: boolean }[]>`
      SELECT pg_try_advisory_xact_lock(hashtext(${`partitions:${spec.table}`})) AS locked`;
    if (!lock?.locked) return { ran: false, created: [], dropped: [], kept: [], moved: 0 };
    await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);

    const { period } = spec;
    const existing = new Map((await periodsWithPartitions(tx, spec)).map((start) => [start.getTime(), start]));
    const waiting = await periodsWaitingInDefault(tx, spec);
    const wanted = [...waiting, ...periodsFrom(period, now, spec.ahead)].filter(
      (start) => !existing.has(start.getTime()),
    );
    const references = await referencesTo(tx, spec.table);
    // Moving a row out of the default partition deletes it there, which would run the ON DELETE
    // action of every foreign key that refers to it (deleting a delivery with its event): those keys
    // are set aside while rows move, and made again after as NOT VALID (enforced on every new row
    // at once, without reading the referring table under this round's locks). Each is validated
    // after the round, which reads the referring table without blocking its writers.
    const moves = references.length > 0 && waiting.some((start) => !existing.has(start.getTime()));
    if (moves)
      for (const ref of references)
        await tx.$executeRawUnsafe(`ALTER TABLE ${ref.table} DROP CONSTRAINT ${ident(ref.name)}`);
    const created: string[] = [];
    let moved = 0;
    for (const start of [...new Map(wanted.map((start) => [start.getTime(), start])).values()]) {
      moved += await createPeriod(tx, spec, start);
      created.push(period.partitionName(spec.table, start));
      existing.set(start.getTime(), start);
    }
    if (moves)
      for (const ref of references)
        await tx.$executeRawUnsafe(
          `ALTER TABLE ${ref.table} ADD CONSTRAINT ${ident(ref.name)} ${ref.definition} NOT VALID`,
        );

    const dropped: string[] = [];
    const kept: PartitionRound["kept"] = [];
    if (keepDays !== null) {
      const cutoff = now.getTime() - keepDays * 86_400_000;
      for (const start of existing.values()) {
        const end = period.next(start);
        if (end.getTime() > cutoff) continue;
        const partition = period.partitionName(spec.table, start);
        if (spec.beforeDrop) {
          await tx.$executeRawUnsafe(`LOCK TABLE ${partitionTable(spec, partition)} IN ACCESS EXCLUSIVE MODE`);
          const reason = await spec.beforeDrop(tx, {
            partition: partitionTable(spec, partition),
            from: start,
            to: end,
          });
          if (reason) {
            kept.push({ partition, reason });
            continue;
          }
        }
        // A partition that a foreign key refers to cannot be dropped while attached, even empty of
        // references: detached first (which checks that nothing refers to its rows any more).
        if (references.length > 0)
          await tx.$executeRawUnsafe(
            `ALTER TABLE ${ident(spec.table)} DETACH PARTITION ${partitionTable(spec, partition)}`,
          );
        await tx.$executeRawUnsafe(`DROP TABLE ${partitionTable(spec, partition)}`);
        dropped.push(partition);
      }
    }
    return { ran: true, created, dropped: dropped.sort(), kept, moved };
  });
  if (round.ran) await validateReferences(client, spec.table);
  return round;
}

/**
 * Validates the keys a round made again NOT VALID (also those of a round whose process stopped
 * before it got here): VALIDATE CONSTRAINT takes a lock that lets the referring table be read and
 * written meanwhile.
 */
async function validateReferences(client: Db, table: string): Promise<void> {
  const pending = await client.$queryRaw<Reference[]>`
    SELECT c.conrelid::regclass::text AS "table", c.conname AS "name", '' AS "definition"
    FROM pg_constraint c JOIN pg_class parent ON parent.oid = c.confrelid
    WHERE c.contype = 'f' AND c.conparentid = 0 AND NOT c.convalidated AND parent.relname = ${table}
      AND parent.relnamespace = current_schema()::regnamespace`;
  for (const ref of pending)
    await client.$executeRawUnsafe(`ALTER TABLE ${ref.table} VALIDATE CONSTRAINT ${ident(ref.name)}`);
}

async function periodsWithPartitions(tx: Tx, spec: PartitionedTable): Promise<Date[]> {
  const rows = await tx.$queryRaw<{ name: string }[]>`
    SELECT child.relname AS name
    FROM pg_inherits i
    JOIN pg_class child ON child.oid = i.inhrelid
    JOIN pg_class parent ON parent.oid = i.inhparent
    WHERE parent.relname = ${spec.table} AND parent.relnamespace = current_schema()::regnamespace`;
  return rows.flatMap(({ name }) => spec.period.ofPartition(spec.table, name) ?? []);
}

async function periodsWaitingInDefault(tx: Tx, spec: PartitionedTable): Promise<Date[]> {
  const rows = await tx.$queryRawUnsafe<{ start: Date }[]>(
    `SELECT DISTINCT date_trunc('${spec.period.unit}', ${ident(spec.column)}) AS start FROM ${defaultPartition(spec)}`,
  );
  return rows.map(({ start }) => start);
}

/** The foreign keys of other tables that refer to the table (each one's own, not its copies on partitions). */
async function referencesTo(tx: Tx, table: string): Promise<Reference[]> {
  return tx.$queryRaw<Reference[]>`
    SELECT c.conrelid::regclass::text AS "table", c.conname AS "name", pg_get_constraintdef(c.oid) AS "definition"
    FROM pg_constraint c JOIN pg_class parent ON parent.oid = c.confrelid
    WHERE c.contype = 'f' AND c.conparentid = 0 AND parent.relname = ${table}
      AND parent.relnamespace = current_schema()::regnamespace
    ORDER BY c.conname`;
}

const defaultPartition = (spec: PartitionedTable) => partitionTable(spec, `${spec.table}_default`);

/**
 * Makes one period's partition: a table of the same shape, the period's rows moved into it from the
 * default partition, then attached. Attaching (not CREATE … PARTITION OF) because the default
 * partition may hold rows of that period, which a new partition may not overlap. Returns the rows
 * moved.
 */
async function createPeriod(tx: Tx, spec: PartitionedTable, start: Date): Promise<number> {
  const name = partitionTable(spec, spec.period.partitionName(spec.table, start));
  const from = literal(start);
  const to = literal(spec.period.next(start));
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
