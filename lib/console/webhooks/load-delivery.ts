// One delivery as its console page shows it: the event, the endpoint, the request exactly as it
// was sent (URL, the signature headers and the body, per attempt) and what the endpoint answered
// each time (status, duration, the first 1,000 characters of its body, or the error), and when
// the next attempt is due. Response headers are not stored, so they are not shown.
import { db } from "../../db/client.ts";

export async function loadConsoleDelivery(tenantId: string, deliveryId: string) {
  const delivery = await db.webhookDelivery.findFirst({
    where: { id: deliveryId, tenantId },
    include: {
      event: true,
      subscription: { select: { id: true, url: true, mode: true, enabled: true, description: true } },
      attempts: { orderBy: { attemptNumber: "desc" } },
    },
  });
  if (!delivery) return null;
  return {
    id: delivery.id,
    status: delivery.status,
    attemptCount: delivery.attemptCount,
    createdAt: delivery.createdAt,
    completedAt: delivery.completedAt,
    nextAttemptAt: delivery.status === "Pending" ? delivery.nextAttemptAt : null,
    event: {
      id: delivery.event.id,
      eventName: delivery.event.eventName,
      tradeId: delivery.event.tradeId,
      marketplaceUserId: delivery.event.marketplaceUserId,
      createdAt: delivery.event.createdAt,
      dispatchedAt: delivery.event.dispatchedAt,
      payload: delivery.event.payload,
    },
    subscription: delivery.subscription,
    attempts: delivery.attempts.map((a) => ({
      id: a.id,
      attemptNumber: a.attemptNumber,
      createdAt: a.createdAt,
      requestUrl: a.requestUrl,
      requestHeaders: a.requestHeaders as Record<string, string>,
      requestBody: a.requestBody,
      responseStatus: a.responseStatus,
      responseExcerpt: a.responseExcerpt,
      durationMs: a.durationMs,
      error: a.error,
    })),
  };
}

export type ConsoleDelivery = NonNullable<Awaited<ReturnType<typeof loadConsoleDelivery>>>;
