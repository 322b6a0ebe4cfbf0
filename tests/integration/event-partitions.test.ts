// The events are partitioned by month (lib/webhooks/event-partitions.ts): the retention round makes
// this month and two more, moves events that landed in the default partition (a month without its
// partition) into their month's with their deliveries left as they were, and — only with
// EVENT_RETENTION_DAYS — drops whole months that ended that long ago, with their deliveries, unless a
// month still holds an event not dispatched or a delivery pending. Events are written with old or far
// times directly, as the clock cannot move; each test has months of its own, years back (a round
// drops only what is older than its retention, and no other test writes events that old).
//
// And one cause is still one event, now that the table's key is (id, createdAt): a trade's
// transition retried from the same row later is refused by the trade's compare-and-set, and a user's
// connection written again with the same time (its id and its time come from one moment) by the key.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { maintainPartitions, type PartitionRound } from "../../lib/db/partitions/maintain-partitions.ts";
import { monthPartitionName, monthStart, nextMonth } from "../../lib/db/partitions/months.ts";
import { isUniqueViolation } from "../../lib/db/unique-violation.ts";
import { simulatedPerson } from "../../lib/identity/simulated-identity-provider.ts";
import { pruneExpiredRecords } from "../../lib/jobs/retention.ts";
import { saveConnection } from "../../lib/users/connect-user.ts";
import { deterministicEventId } from "../../lib/webhooks/event-ids.ts";
import { OUTBOX_EVENTS } from "../../lib/webhooks/event-partitions.ts";
import { applyTransition } from "../helpers/apply-transition.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

const DAY = 86_400_000;
const now = new Date();
/** About eight years: every month these tests write to is older, every event of other tests younger. */
const KEEP_DAYS = 3_000;
const policy = (eventDays: number | null) => ({ requestLogDays: 90, webhookLogDays: 30, eventDays });
const monthOf = (at: Date) => monthPartitionName("OutboxEvent", monthStart(at));
let tenantId: string;
let subscriptionId: string;

/** An event at `createdAt`, dispatched or not, with one delivery in the given state. */
async function event(createdAt: Date, options: { dispatched: boolean; delivery?: "Pending" | "Succeeded" }) {
  const id = `evt_partitions_${randomUUID()}`;
  const orderingKey = `trade:${id}`;
  await db.outboxEvent.create({
    data: {
      id,
      tenantId,
      mode: "test",
      eventName: "trade.sent",
      orderingKey,
      payload: {},
      createdAt,
      dispatchedAt: options.dispatched ? now : null,
    },
  });
  if (options.delivery)
    await db.webhookDelivery.create({
      data: {
        eventId: id,
        subscriptionId,
        tenantId,
        orderingKey,
        createdAt,
        status: options.delivery,
        completedAt: options.delivery === "Pending" ? null : now,
        // Not due: no webhook worker of another test takes it meanwhile.
        nextAttemptAt: new Date(now.getTime() + 365 * DAY),
      },
    });
  return id;
}

const where = async (id: string) =>
  (
    await db.$queryRaw<{ partition: string }[]>`
      SELECT tableoid::regclass::text AS partition FROM "OutboxEvent" WHERE "id" = ${id}`
  )[0]?.partition;

/** One round that ran (another test file's round may hold the table's lock for a moment). */
async function round(keepDays: number | null): Promise<PartitionRound> {
  for (let tries = 0; tries < 50; tries++) {
    const result = await maintainPartitions(db, OUTBOX_EVENTS, now, keepDays);
    if (result.ran) return result;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the partition round never had the table");
}

describe("the events' monthly partitions", () => {
  beforeAll(async () => {
    tenantId = (await freshTenant()).tenantId;
    subscriptionId = (
      await db.webhookSubscription.create({
        data: { tenantId, mode: "test", url: "https://hooks.example/partitions", secret: "whsec_partitions" },
      })
    ).id;
  });

  it("makes this month and two more, and moves an event out of the default partition with its delivery", async () => {
    // A test-mode event on a sandbox clock moved decades on: no month of its own yet.
    const ahead = new Date(Date.UTC(2090, 4, 15, 12));
    const id = await event(ahead, { dispatched: true, delivery: "Succeeded" });
    expect(await where(id)).toBe('"OutboxEvent_default"');

    const result = await round(null);

    let month = monthStart(now);
    for (let i = 0; i <= 2; i++, month = nextMonth(month))
      expect(
        await db.$queryRaw`SELECT 1 FROM pg_class WHERE relname = ${monthPartitionName("OutboxEvent", month)}`,
      ).toHaveLength(1);
    expect(result.created).toContain("OutboxEvent_2090_05");
    expect(result.moved).toBeGreaterThanOrEqual(1);
    expect(await where(id)).toBe('"OutboxEvent_2090_05"');
    // The move deleted the event from the default partition: its delivery was not deleted with it,
    // and the deliveries' key is back, holding every delivery to its event.
    expect(await db.webhookDelivery.count({ where: { eventId: id } })).toBe(1);
    // Made again NOT VALID inside the round (no scan of the deliveries under its locks), then
    // validated after it.
    expect(
      await db.$queryRaw`SELECT c.convalidated FROM pg_constraint c
        WHERE c.conrelid = '"WebhookDelivery"'::regclass AND c.confrelid = '"OutboxEvent"'::regclass
          AND c.contype = 'f' AND c.conparentid = 0`,
    ).toEqual([{ convalidated: true }]);
    const other = await db.webhookSubscription.create({
      data: { tenantId, mode: "test", url: "https://hooks.example/other", secret: "whsec_other" },
    });
    await expect(
      db.webhookDelivery.create({
        data: {
          eventId: id,
          subscriptionId: other.id,
          tenantId,
          orderingKey: "x",
          createdAt: new Date(ahead.getTime() + 1),
        },
      }),
    ).rejects.toThrow(/foreign key|Foreign key/);
    // Read by id alone, as a redelivery reads it.
    expect((await db.outboxEvent.findFirst({ where: { id } }))?.createdAt).toEqual(ahead);
    await db.outboxEvent.delete({ where: { id_createdAt: { id, createdAt: ahead } } });
    expect(await db.webhookDelivery.count({ where: { eventId: id } })).toBe(0);
  });

  it("drops a month that ended EVENT_RETENTION_DAYS ago with its deliveries, and keeps younger ones", async () => {
    const old = new Date(Date.UTC(2003, 4, 10));
    const oldEvent = await event(old, { dispatched: true, delivery: "Succeeded" });
    const recent = await event(new Date(now.getTime() - 100 * DAY), { dispatched: true, delivery: "Succeeded" });

    const pruned = await pruneExpiredRecords(now, policy(KEEP_DAYS));

    expect(pruned.eventMonths).toContain("OutboxEvent_2003_05");
    expect(await db.outboxEvent.count({ where: { id: oldEvent } })).toBe(0);
    expect(await db.webhookDelivery.count({ where: { eventId: oldEvent } })).toBe(0);
    expect(await db.$queryRaw`SELECT 1 FROM pg_class WHERE relname = 'OutboxEvent_2003_05'`).toHaveLength(0);
    expect(await db.outboxEvent.count({ where: { id: recent } })).toBe(1);
    expect(await db.webhookDelivery.count({ where: { eventId: recent } })).toBe(1);
  });

  it("keeps a month with a delivery still pending or an event not dispatched, and drops it once they are done", async () => {
    const pendingAt = new Date(Date.UTC(2005, 6, 20));
    const pending = await event(pendingAt, { dispatched: true, delivery: "Pending" });
    // Another test's webhook worker may dispatch the event before the round looks: try months
    // until one round saw it waiting.
    let waiting: { id: string; at: Date } | undefined;
    let result: PartitionRound | undefined;
    for (let year = 2004; year < 2010 && !waiting; year++) {
      const at = new Date(Date.UTC(year, 2, 3));
      const id = await event(at, { dispatched: false });
      result = await round(KEEP_DAYS);
      if ((await db.outboxEvent.findFirst({ where: { id } }))?.dispatchedAt === null) waiting = { id, at };
    }
    expect(waiting).toBeDefined();
    expect(result!.kept).toEqual(
      expect.arrayContaining([
        { partition: monthOf(waiting!.at), reason: "1 of its events are not dispatched yet" },
        { partition: "OutboxEvent_2005_07", reason: "1 of its deliveries are still pending" },
      ]),
    );
    expect(await db.webhookDelivery.count({ where: { eventId: pending } })).toBe(1);

    await db.outboxEvent.updateMany({ where: { id: waiting!.id }, data: { dispatchedAt: now } });
    await db.webhookDelivery.updateMany({
      where: { eventId: pending },
      data: { status: "Succeeded", completedAt: now },
    });
    const after = await round(KEEP_DAYS);
    expect(after.dropped).toEqual(expect.arrayContaining([monthOf(waiting!.at), "OutboxEvent_2005_07"]));
    expect(await db.outboxEvent.count({ where: { id: { in: [waiting!.id, pending] } } })).toBe(0);
  });

  it("keeps every month when EVENT_RETENTION_DAYS is unset", async () => {
    const id = await event(new Date(Date.UTC(2001, 0, 31, 23, 59, 59, 999)), {
      dispatched: true,
      delivery: "Succeeded",
    });
    const kept = await pruneExpiredRecords(now, policy(null));
    expect(kept.eventMonths).toEqual([]);
    expect(await where(id)).toBe('"OutboxEvent_2001_01"');
    expect(await db.webhookDelivery.count({ where: { eventId: id } })).toBe(1);

    const dropped = await pruneExpiredRecords(now, policy(KEEP_DAYS));
    expect(dropped.eventMonths).toContain("OutboxEvent_2001_01");
    expect(await db.outboxEvent.count({ where: { id } })).toBe(0);
  });
});

describe("one cause, one event", () => {
  it("a trade's transition retried later from the same row writes no second event", async () => {
    const tenant = await freshTenant();
    const api = tenantClient(tenant.testApiKey);
    const tradeId = await api.smallTrade("buyer-p", "seller-p");
    const tenantRow = await db.tenant.findUniqueOrThrow({ where: { id: tenant.tenantId } });
    const before = await db.trade.findUniqueOrThrow({ where: { id: tradeId } });
    const eventId = deterministicEventId("trade", tradeId, String(before.sequence + 1));

    await applyTransition(before, tenantRow, "rejectInvitation", "payer", new Date(now.getTime() + 1_000));
    // The same cause at another time: the table's key (id, createdAt) would take it; the trade's
    // compare-and-set on its state and sequence refuses it first.
    await expect(
      applyTransition(before, tenantRow, "rejectInvitation", "payer", new Date(now.getTime() + 2_000)),
    ).rejects.toMatchObject({ code: expect.stringMatching(/conflict|invalid-state/) });
    expect(await db.outboxEvent.count({ where: { id: eventId } })).toBe(1);
  });

  it("a user's connection written again with the same time is refused by the key", async () => {
    const { tenantId: tenant } = await freshTenant();
    const scope = { tenantId: tenant, mode: "test" as const };
    const person = simulatedPerson("plain")!;
    const at = new Date(now.getTime() - 5_000);
    await saveConnection(db, scope, "retried", person, 1, at);
    const again = await saveConnection(db, scope, "retried", person, 1, at).catch((error: unknown) => error);
    expect(isUniqueViolation(again)).toBe(true);
    const events = await db.outboxEvent.findMany({
      where: { tenantId: tenant, eventName: "user.connected", marketplaceUserId: "retried" },
    });
    expect(events).toHaveLength(1);
    // Connecting again later is another cause: another event.
    await saveConnection(db, scope, "retried", person, 1, now);
    expect(
      await db.outboxEvent.count({
        where: { tenantId: tenant, eventName: "user.connected", marketplaceUserId: "retried" },
      }),
    ).toBe(2);
  });
});
