// Retention (lib/jobs/retention.ts): the scheduler deletes what is past its time — the request
// log's and the webhook attempts' weeks that ended 90 and 30 days ago (their partitions dropped;
// tests/integration/request-log-partitions.test.ts), and in batches finished webhook deliveries a
// week after that (their attempts gone with their weeks), hosted sessions 30 days after their link expired, expired idempotency records and
// rate-limit counters — and nothing else: not a pending delivery however old, not the events, not
// anything younger. Rows are written with old times directly, as the clock cannot be moved back.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { pruneExpiredRecords } from "../../lib/jobs/retention.ts";
import { optionalRetentionDays, retentionDays } from "../../lib/jobs/retention-policy.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

const DAY = 86_400_000;
const now = new Date();
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
const policy = { requestLogDays: 90, webhookLogDays: 30, eventDays: null };
let tenantId: string;

async function requestLog(createdAt: Date, count = 1) {
  await db.$executeRaw`
    INSERT INTO "ApiRequestLog" ("tenantId", "mode", "method", "path", "status", "durationMs", "correlationId", "createdAt")
    SELECT ${tenantId}, 'test'::"ApiMode", 'GET', '/api/v1/retention', 200, 1, 'retention-' || ${createdAt.toISOString()} || '-' || i, ${createdAt}
    FROM generate_series(1, ${count}) AS i`;
}

/** A delivery with one attempt, made at `attemptedAt` (when it finished, by default). */
async function delivery(
  status: "Pending" | "Succeeded" | "Failed",
  completedAt: Date | null,
  attemptedAt: Date = completedAt ?? daysAgo(1),
) {
  const subscription = await db.webhookSubscription.create({
    data: { tenantId, mode: "test", url: "https://hooks.example/retention", secret: "whsec_retention" },
  });
  const event = await db.outboxEvent.create({
    data: {
      id: `evt_retention_${randomUUID()}`,
      tenantId,
      mode: "test",
      eventName: "trade.updated",
      orderingKey: "retention",
      payload: {},
      createdAt: daysAgo(60),
      dispatchedAt: daysAgo(60),
    },
  });
  const created = await db.webhookDelivery.create({
    data: {
      eventId: event.id,
      subscriptionId: subscription.id,
      tenantId,
      orderingKey: "retention",
      status,
      completedAt,
      createdAt: daysAgo(60),
      attemptCount: 1,
    },
  });
  await db.webhookAttempt.create({
    data: {
      deliveryId: created.id,
      attemptNumber: 1,
      requestUrl: subscription.url,
      requestHeaders: {},
      requestBody: "{}",
      responseStatus: 200,
      durationMs: 5,
      createdAt: attemptedAt,
    },
  });
  return { deliveryId: created.id, eventId: event.id };
}

const hostedSession = (expiresAt: Date) =>
  db.hostedSession.create({
    data: {
      tokenHash: randomUUID(),
      tenantId,
      mode: "test",
      kind: "Connect",
      marketplaceUserId: "retention-user",
      expiresAt,
      createdAt: new Date(expiresAt.getTime() - 3_600_000),
    },
  });

const idempotencyRecord = (expiresAt: Date) =>
  db.idempotencyRecord.create({
    data: {
      tenantId,
      mode: "test",
      key: randomUUID(),
      method: "POST",
      path: "/api/v1/retention",
      requestHash: "x",
      state: "Completed",
      responseStatus: 200,
      responseBody: "{}",
      createdAt: new Date(expiresAt.getTime() - DAY),
      expiresAt,
    },
  });

const counter = async (expire: number) => {
  const key = `retention:${randomUUID()}`;
  await db.rateLimitCounter.create({ data: { key, points: 3, expire: BigInt(expire) } });
  return key;
};

const signInThrottle = async (expiresAt: Date) => {
  const key = `address:retention-${randomUUID()}@example.com`;
  await db.consoleSignInThrottle.create({
    data: { key, failures: 6, lastFailureAt: new Date(expiresAt.getTime() - 15 * 60_000), expiresAt },
  });
  return key;
};

describe("retention", () => {
  beforeAll(async () => {
    tenantId = (await freshTenant()).tenantId;
  });

  it("deletes what is past its time, in batches, and keeps the rest", async () => {
    // More than two batches of old request log entries, and entries just inside the 90 days.
    await requestLog(daysAgo(120), 12_000);
    await requestLog(daysAgo(89), 3);
    // Attempts go by the week they were made in (30 days, and up to a week more); a finished
    // delivery's line a week after that: one made 40 days ago and finished 33 days ago keeps its
    // line, without its attempt.
    const finishedLongAgo = await delivery("Succeeded", daysAgo(38));
    const attemptsGoneLineKept = await delivery("Succeeded", daysAgo(33), daysAgo(40));
    const failedLongAgo = await delivery("Failed", daysAgo(45));
    const finishedRecently = await delivery("Succeeded", daysAgo(29));
    const pendingForever = await delivery("Pending", null);
    const oldSession = await hostedSession(daysAgo(31));
    const recentSession = await hostedSession(daysAgo(29));
    const expiredRecord = await idempotencyRecord(new Date(now.getTime() - 1_000));
    const liveRecord = await idempotencyRecord(new Date(now.getTime() + DAY));
    const endedCounter = await counter(now.getTime() - 120_000);
    const runningCounter = await counter(now.getTime() + 30_000);
    const endedThrottle = await signInThrottle(new Date(now.getTime() - 120_000));
    const runningThrottle = await signInThrottle(new Date(now.getTime() + 30_000));

    const pruned = await pruneExpiredRecords(now, policy);

    // Other test files' rows may be pruned alongside: at least ours.
    // The request log goes by the week (partitions dropped): the week of 120 days ago at least.
    expect(pruned.requestLogWeeks.length).toBeGreaterThanOrEqual(1);
    expect(pruned.webhookAttemptWeeks.length).toBeGreaterThanOrEqual(1);
    expect(pruned.webhookDeliveries).toBeGreaterThanOrEqual(2);
    expect(pruned.hostedSessions).toBeGreaterThanOrEqual(1);
    expect(pruned.idempotencyRecords).toBeGreaterThanOrEqual(1);
    expect(pruned.rateLimitCounters).toBeGreaterThanOrEqual(1);

    const logs = await db.apiRequestLog.findMany({ where: { tenantId }, select: { createdAt: true } });
    expect(logs).toHaveLength(3);
    expect(logs.every((log) => log.createdAt.getTime() === daysAgo(89).getTime())).toBe(true);

    const deliveries = await db.webhookDelivery.findMany({ where: { tenantId }, select: { id: true } });
    expect(deliveries.map((d) => d.id).sort()).toEqual(
      [finishedRecently.deliveryId, attemptsGoneLineKept.deliveryId, pendingForever.deliveryId].sort(),
    );
    // The old attempts went with their weeks; the events all stay.
    expect(
      await db.webhookAttempt.count({
        where: {
          deliveryId: { in: [finishedLongAgo.deliveryId, failedLongAgo.deliveryId, attemptsGoneLineKept.deliveryId] },
        },
      }),
    ).toBe(0);
    expect(
      await db.webhookAttempt.count({
        where: { deliveryId: { in: [finishedRecently.deliveryId, pendingForever.deliveryId] } },
      }),
    ).toBe(2);
    expect(await db.outboxEvent.count({ where: { tenantId } })).toBe(5);

    expect(await db.hostedSession.findMany({ where: { tenantId }, select: { id: true } })).toEqual([
      { id: recentSession.id },
    ]);
    expect(await db.hostedSession.count({ where: { id: oldSession.id } })).toBe(0);
    expect(await db.idempotencyRecord.findMany({ where: { tenantId }, select: { id: true } })).toEqual([
      { id: liveRecord.id },
    ]);
    expect(await db.idempotencyRecord.count({ where: { id: expiredRecord.id } })).toBe(0);
    expect(await db.rateLimitCounter.count({ where: { key: { in: [endedCounter, runningCounter] } } })).toBe(1);
    expect(await db.rateLimitCounter.count({ where: { key: runningCounter } })).toBe(1);
    expect(
      await db.consoleSignInThrottle.findMany({
        where: { key: { in: [endedThrottle, runningThrottle] } },
        select: { key: true },
      }),
    ).toEqual([{ key: runningThrottle }]);

    // A second round finds nothing of ours left to delete.
    await pruneExpiredRecords(now, policy);
    expect(await db.apiRequestLog.count({ where: { tenantId } })).toBe(3);
    expect(await db.webhookDelivery.count({ where: { tenantId } })).toBe(3);
  });

  it("takes its periods from the environment, and refuses a setting that is not whole days", () => {
    const saved = process.env.REQUEST_LOG_RETENTION_DAYS;
    try {
      delete process.env.REQUEST_LOG_RETENTION_DAYS;
      expect(retentionDays("REQUEST_LOG_RETENTION_DAYS", 90)).toBe(90);
      process.env.REQUEST_LOG_RETENTION_DAYS = "7";
      expect(retentionDays("REQUEST_LOG_RETENTION_DAYS", 90)).toBe(7);
      for (const wrong of ["0", "-1", "1.5", "seven", "3651"]) {
        process.env.REQUEST_LOG_RETENTION_DAYS = wrong;
        expect(() => retentionDays("REQUEST_LOG_RETENTION_DAYS", 90)).toThrow(
          /REQUEST_LOG_RETENTION_DAYS must be a whole number of days/,
        );
      }
    } finally {
      if (saved === undefined) delete process.env.REQUEST_LOG_RETENTION_DAYS;
      else process.env.REQUEST_LOG_RETENTION_DAYS = saved;
    }
  });

  it("keeps the events for good unless EVENT_RETENTION_DAYS says how long", () => {
    const saved = process.env.EVENT_RETENTION_DAYS;
    try {
      for (const forGood of [undefined, "", "0"]) {
        if (forGood === undefined) delete process.env.EVENT_RETENTION_DAYS;
        else process.env.EVENT_RETENTION_DAYS = forGood;
        expect(optionalRetentionDays("EVENT_RETENTION_DAYS")).toBeNull();
      }
      process.env.EVENT_RETENTION_DAYS = "400";
      expect(optionalRetentionDays("EVENT_RETENTION_DAYS")).toBe(400);
      for (const wrong of ["-1", "1.5", "a year", "3651"]) {
        process.env.EVENT_RETENTION_DAYS = wrong;
        expect(() => optionalRetentionDays("EVENT_RETENTION_DAYS")).toThrow(
          /EVENT_RETENTION_DAYS must be 0 \(kept for good\) or a whole number of days/,
        );
      }
    } finally {
      if (saved === undefined) delete process.env.EVENT_RETENTION_DAYS;
      else process.env.EVENT_RETENTION_DAYS = saved;
    }
  });
});
