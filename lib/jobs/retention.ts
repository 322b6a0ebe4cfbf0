// Retention: what the service keeps only for a while, deleted in bounded batches by the
// scheduler (lib/jobs/scheduler.ts) so that no table grows without end.
//
// - The API request log (console → Developers): REQUEST_LOG_RETENTION_DAYS, default 90. It is
//   partitioned by week, and a week goes as a whole once it ended that many days ago (so a line is
//   kept at least that long and at most a week more): lib/db/partitions/.
// - Webhook attempts, which hold the signed event bodies with personal data:
//   WEBHOOK_LOG_RETENTION_DAYS after they were made, default 30 (Stripe keeps 30 days of events);
//   partitioned by week like the request log, so kept at most a week more. Finished deliveries (a
//   line each, no body) a week after that, once every attempt of theirs is surely gone with its
//   week: deleting a delivery deletes what is left of its attempts row by row, which is what the
//   partitions are there to avoid. Pending deliveries are never deleted.
// - The events themselves (OutboxEvent, the API's event list) are kept for good by default: they
//   are the record of what happened, and redelivering one makes its deliveries again
//   (lib/webhooks/event-log.ts). With EVENT_RETENTION_DAYS, each month of them (they are
//   partitioned by month) goes with its deliveries once it ended that many days ago, unless it
//   still holds an event not dispatched or a delivery pending (lib/webhooks/event-partitions.ts).
// - Hosted-page sessions 30 days after their link expired (the link is dead after an hour).
//   Test-mode expiry times follow the tenant's sandbox clock, which only moves forward, so a
//   sandbox session is pruned later than 30 real days, never earlier.
// - Idempotency records once expired (24 h), rate-limit counters a minute after their window, and
//   console sign-in throttles once their window ended (any address typed into the sign-in form
//   leaves one).
//
// Each other statement deletes at most BATCH rows, found on an index, so a round is short even with a
// large backlog; several instances may run it at once (SKIP LOCKED: they share the rows, neither
// waits). A round stops a table after MAX_BATCHES and goes on at the next round.
import { db } from "../db/client.ts";
import { maintainPartitions, type PartitionedTable } from "../db/partitions/maintain-partitions.ts";
import { WEEK } from "../db/partitions/weeks.ts";
import { log } from "../ops/log.ts";
import { OUTBOX_EVENTS } from "../webhooks/event-partitions.ts";
import { retentionPolicy, type RetentionPolicy } from "./retention-policy.ts";

const BATCH = 5_000;
const MAX_BATCHES = 20;
const DAY_MS = 86_400_000;
const HOSTED_SESSION_DAYS = 30;
/** Weeks made ahead, so that lines almost never wait in the default partition. */
export const WEEKS_AHEAD = 4;
export const REQUEST_LOG: PartitionedTable = {
  table: "ApiRequestLog",
  column: "createdAt",
  period: WEEK,
  ahead: WEEKS_AHEAD,
  partitionsIn: "partitions",
};
export const WEBHOOK_ATTEMPTS: PartitionedTable = {
  table: "WebhookAttempt",
  column: "createdAt",
  period: WEEK,
  ahead: WEEKS_AHEAD,
  partitionsIn: "partitions",
};
const WEEK_DAYS = 7;

export interface Pruned {
  /** Weeks of the request log dropped (their partitions' names). */
  requestLogWeeks: string[];
  /** Weeks of webhook attempts dropped (their partitions' names). */
  webhookAttemptWeeks: string[];
  /** Months of events dropped with their deliveries (their partitions' names). */
  eventMonths: string[];
  webhookDeliveries: number;
  hostedSessions: number;
  idempotencyRecords: number;
  rateLimitCounters: number;
}

/** Repeats one batched delete until it deletes less than a batch (or MAX_BATCHES ran). */
async function drain(deleteBatch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const deleted = await deleteBatch();
    total += deleted;
    if (deleted < BATCH) break;
  }
  return total;
}

export async function pruneExpiredRecords(
  now = new Date(),
  policy: RetentionPolicy = retentionPolicy(),
): Promise<Pruned> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  // A week later than the attempts (see above).
  const webhookCutoff = before(policy.webhookLogDays + WEEK_DAYS);
  const hostedCutoff = before(HOSTED_SESSION_DAYS);
  return {
    requestLogWeeks: await periodsDropped(REQUEST_LOG, now, policy.requestLogDays),
    // Before the deliveries: by the time a delivery goes, its attempts' weeks have gone.
    webhookAttemptWeeks: await periodsDropped(WEBHOOK_ATTEMPTS, now, policy.webhookLogDays),
    eventMonths: await periodsDropped(OUTBOX_EVENTS, now, policy.eventDays),
    webhookDeliveries: await drain(
      () => db.$executeRaw`
        DELETE FROM "WebhookDelivery" WHERE "id" IN (
          SELECT "id" FROM "WebhookDelivery" WHERE "completedAt" < ${webhookCutoff} AND "status" <> 'Pending'
          ORDER BY "completedAt" LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)`,
    ),
    hostedSessions: await drain(
      () => db.$executeRaw`
        DELETE FROM "HostedSession" WHERE "id" IN (
          SELECT "id" FROM "HostedSession" WHERE "expiresAt" < ${hostedCutoff} ORDER BY "expiresAt" LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)`,
    ),
    idempotencyRecords: await drain(
      () => db.$executeRaw`
        DELETE FROM "IdempotencyRecord" WHERE "id" IN (
          SELECT "id" FROM "IdempotencyRecord" WHERE "expiresAt" < ${now} ORDER BY "expiresAt" LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)`,
    ),
    // A minute of slack: a counter whose window just ended may still be flushed by an instance,
    // which would only start it again. The console sign-in's counters (RateLimit) and throttles
    // likewise.
    rateLimitCounters:
      (await drain(
        () => db.$executeRaw`
          DELETE FROM "RateLimitCounter" WHERE "key" IN (
            SELECT "key" FROM "RateLimitCounter" WHERE "expire" < ${String(now.getTime() - 60_000)}::bigint
          ORDER BY "expire" LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)`,
      )) +
      (await drain(
        () => db.$executeRaw`
          DELETE FROM "RateLimit" WHERE "key" IN (
            SELECT "key" FROM "RateLimit" WHERE "expire" < ${new Date(now.getTime() - 60_000)} ORDER BY "expire" LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)`,
      )) +
      (await drain(
        () => db.$executeRaw`
          DELETE FROM "ConsoleSignInThrottle" WHERE "key" IN (
            SELECT "key" FROM "ConsoleSignInThrottle" WHERE "expiresAt" < ${new Date(now.getTime() - 60_000)} ORDER BY "expiresAt" LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)`,
      )),
  };
}

/**
 * A table's partition round, answering the periods it dropped; a round that could not run is logged
 * and tried again next time, and so is a period past retention that was kept.
 */
async function periodsDropped(spec: PartitionedTable, now: Date, keepDays: number | null): Promise<string[]> {
  try {
    const round = await maintainPartitions(db, spec, now, keepDays);
    for (const { partition, reason } of round.kept)
      log.warn(`The partition ${partition} is past retention and kept this round: ${reason}`, { partition, reason });
    return round.dropped;
  } catch (error) {
    log.error(`The partitions of ${spec.table} were not maintained this round`, error);
    return [];
  }
}
