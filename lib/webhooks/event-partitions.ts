// The events (OutboxEvent) are partitioned by month of createdAt (lib/db/partitions/): kept for good
// by default, as the record of what happened, or, with EVENT_RETENTION_DAYS, dropped a month at a
// time once the month ended that many days ago (docs/operations.md, "Partitioned tables"). Months
// because they are kept long and looked up by id without their time (redelivery, the console), a
// look in every partition's primary key: few partitions keep that short.
//
// A month is dropped with its deliveries (each delivery's createdAt is its event's, the foreign key
// holds both), but never while it still has work in it: an event not yet fanned out, or a delivery
// still pending (a retry, or a redelivery someone asked for). Such a month is kept, and the next
// round looks again.
import { MONTH } from "../db/partitions/months.ts";
import type { PartitionedTable, Tx } from "../db/partitions/maintain-partitions.ts";

/** Months made ahead: this one and two more. */
const MONTHS_AHEAD = 2;

export const OUTBOX_EVENTS: PartitionedTable = {
  table: "OutboxEvent",
  column: "createdAt",
  period: MONTH,
  ahead: MONTHS_AHEAD,
  // The deliveries' foreign key refers to the events (maintain-partitions.ts says why that matters).
  partitionsIn: "table's schema",
  beforeDrop: keepMonthWithWork,
};

/**
 * Called with the month's partition locked, so no delivery can be made for its events meanwhile;
 * the month's deliveries are locked too, so none turns pending again (a redelivery) between this
 * look and their deletion.
 */
async function keepMonthWithWork(tx: Tx, month: { from: Date; to: Date }): Promise<string | null> {
  // The month's range reads the month's partition alone.
  const [events] = await tx.$queryRaw<{ waiting: number }[]>`
    SELECT count(*)::int AS waiting FROM "OutboxEvent"
    WHERE "dispatchedAt" IS NULL AND "createdAt" >= ${month.from} AND "createdAt" < ${month.to}`;
  if (events!.waiting > 0) return `${events!.waiting} of its events are not dispatched yet`;
  const [deliveries] = await tx.$queryRaw<{ pending: number }[]>`
    SELECT count(*) FILTER (WHERE d."status" = 'Pending')::int AS pending FROM (
      SELECT "status" FROM "WebhookDelivery" WHERE "createdAt" >= ${month.from} AND "createdAt" < ${month.to} FOR UPDATE
    ) d`;
  if (deliveries!.pending > 0) return `${deliveries!.pending} of its deliveries are still pending`;
  await tx.$executeRaw`DELETE FROM "WebhookDelivery" WHERE "createdAt" >= ${month.from} AND "createdAt" < ${month.to}`;
  return null;
}
