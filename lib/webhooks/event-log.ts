// GET /v1/webhooks/events and POST /v1/webhooks/events/{id}/redeliver.
import type { z } from "zod";
import { AppError } from "../errors.ts";
import type { TenantContext } from "../auth/authenticate.ts";
import { db } from "../db/client.ts";
import { staleRead } from "../db/read-target.ts";
import type { Prisma } from "../db/generated/client.ts";
import type { EventsQuery } from "./schemas.ts";
import { TEST_EVENT_NAME } from "./event-names.ts";

export async function listWebhookEvents(context: TenantContext, query: z.output<typeof EventsQuery>) {
  const where: Prisma.OutboxEventWhereInput = {
    tenantId: context.tenant.id,
    mode: context.mode,
    ...(query.tradeId ? { tradeId: query.tradeId } : {}),
    ...(query.eventName ? { eventName: query.eventName } : {}),
    ...(query.status ? { deliveries: { some: { status: query.status } } } : {}),
  };
  // The event feed: a replica's, within the lag bound (lib/db/read-target.ts; the API reference
  // says so). Redelivering below reads the event again on the primary.
  const [totalCount, events] = await staleRead("event-feed", context.tenant.id, () =>
    Promise.all([
      db.outboxEvent.count({ where }),
      db.outboxEvent.findMany({
        where,
        orderBy: [{ createdAt: "desc" }, { sequence: "desc" }],
        skip: (query.page - 1) * query.pageSize,
        take: query.pageSize,
        include: {
          deliveries: { orderBy: { createdAt: "asc" }, include: { attempts: { orderBy: { attemptNumber: "asc" } } } },
        },
      }),
    ]),
  );
  return {
    events: events.map((event) => ({
      id: event.id,
      eventName: event.eventName,
      tradeId: event.tradeId,
      createdAt: event.createdAt.toISOString(),
      payload: event.payload as Record<string, unknown>,
      deliveries: event.deliveries.map((d) => ({
        deliveryId: d.id,
        subscriptionId: d.subscriptionId,
        status: d.status,
        attemptCount: d.attemptCount,
        nextAttemptAt: d.status === "Pending" ? d.nextAttemptAt.toISOString() : null,
        attempts: d.attempts.map((a) => ({
          attemptNumber: a.attemptNumber,
          requestUrl: a.requestUrl,
          requestHeaders: a.requestHeaders as Record<string, string>,
          responseStatus: a.responseStatus,
          responseExcerpt: a.responseExcerpt,
          durationMs: a.durationMs,
          error: a.error,
          createdAt: a.createdAt.toISOString(),
        })),
      })),
    })),
    pagination: { page: query.page, pageSize: query.pageSize, totalCount },
  };
}

export async function redeliverWebhookEvent(context: TenantContext, eventId: string) {
  const event = await db.outboxEvent.findFirst({
    where: { id: eventId, tenantId: context.tenant.id, mode: context.mode },
  });
  if (!event) throw AppError.notFound(`Event ${JSON.stringify(eventId)}`);
  // A test event goes again only to the subscription(s) it was sent to.
  const subscriptions = await db.webhookSubscription.findMany({
    where: {
      tenantId: event.tenantId,
      mode: event.mode,
      enabled: true,
      ...(event.eventName === TEST_EVENT_NAME ? { deliveries: { some: { eventId: event.id } } } : {}),
    },
  });
  const wanted = subscriptions.filter(
    (s) => event.eventName === TEST_EVENT_NAME || s.events.length === 0 || s.events.includes(event.eventName),
  );
  const now = new Date();
  await db.$transaction(async (tx) => {
    // Existing deliveries start again (their attempt numbers go on); subscriptions without one
    // (new, or its finished delivery deleted by retention) get one. In that order: once Pending, a
    // delivery is never deleted by retention, and one it deletes meanwhile is created again.
    await tx.webhookDelivery.updateMany({
      where: { eventId: event.id, subscriptionId: { in: wanted.map((s) => s.id) } },
      data: { status: "Pending", nextAttemptAt: now, completedAt: null },
    });
    await tx.webhookDelivery.createMany({
      data: wanted.map((s) => ({
        eventId: event.id,
        subscriptionId: s.id,
        tenantId: event.tenantId,
        orderingKey: event.orderingKey,
        eventSequence: event.sequence,
        createdAt: event.createdAt,
        nextAttemptAt: now,
      })),
      skipDuplicates: true,
    });
    await tx.outboxEvent.update({
      where: { id_createdAt: { id: event.id, createdAt: event.createdAt } },
      data: { dispatchedAt: event.dispatchedAt ?? now },
    });
  });
  return { eventId: event.id, deliveries: wanted.length };
}
