// Fans new outbox events out into one delivery per matching enabled subscription. Several
// workers may run it: each takes events with FOR UPDATE SKIP LOCKED, and a delivery is unique per
// (event, subscription).
import { db } from "../db/client.ts";

export async function dispatchOutbox(batch = 200): Promise<number> {
  return db.$transaction(async (tx) => {
    const events = await tx.$queryRaw<{ id: string; tenantId: string; mode: string; eventName: string; orderingKey: string; createdAt: Date }[]>`
      SELECT "id", "tenantId", "mode"::text AS "mode", "eventName", "orderingKey", "createdAt" FROM "OutboxEvent"
      WHERE "dispatchedAt" IS NULL ORDER BY "createdAt", "sequence" LIMIT ${batch} FOR UPDATE SKIP LOCKED`;
    if (!events.length) return 0;
    const scopes = [...new Set(events.map((e) => `${e.tenantId}|${e.mode}`))];
    const subscriptions = await tx.webhookSubscription.findMany({
      where: { enabled: true, OR: scopes.map((scope) => ({ tenantId: scope.split("|")[0]!, mode: scope.split("|")[1] as "test" | "live" })) },
      select: { id: true, tenantId: true, mode: true, events: true, createdAt: true },
    });
    const deliveries = events.flatMap((event) =>
      subscriptions
        .filter((s) => s.tenantId === event.tenantId && s.mode === event.mode && (s.events.length === 0 || s.events.includes(event.eventName)))
        .map((s) => ({ eventId: event.id, subscriptionId: s.id, tenantId: event.tenantId, orderingKey: event.orderingKey, createdAt: event.createdAt, nextAttemptAt: new Date() })),
    );
    if (deliveries.length) await tx.webhookDelivery.createMany({ data: deliveries, skipDuplicates: true });
    await tx.outboxEvent.updateMany({ where: { id: { in: events.map((e) => e.id) } }, data: { dispatchedAt: new Date() } });
    return events.length;
  });
}
