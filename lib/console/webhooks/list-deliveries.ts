// The console's delivery log: one row per delivery (an event to one endpoint), newest first, for
// one tenant and mode, filtered by status, event name, trade and endpoint, paged on the server
// (two queries: the page and the count). The tenant's (tenantId, createdAt) index serves the
// order; each row carries its latest attempt so the list shows what the endpoint last answered.
import { db } from "../../db/client.ts";
import { staleRead } from "../../db/read-target.ts";
import type { Prisma } from "../../db/generated/client.ts";
import type { DeliveryFilterValues } from "./delivery-filters.ts";

const STATUS_WHERE: Record<NonNullable<DeliveryFilterValues["status"]>, Prisma.WebhookDeliveryWhereInput> = {
  succeeded: { status: "Succeeded" },
  failed: { status: "Failed" },
  pending: { status: "Pending" },
  retrying: { status: "Pending", attemptCount: { gt: 0 } },
  cancelled: { status: "Cancelled" },
};

export function deliveryListWhere(tenantId: string, filters: DeliveryFilterValues): Prisma.WebhookDeliveryWhereInput {
  return {
    tenantId,
    subscription: { tenantId, mode: filters.mode },
    ...(filters.status ? STATUS_WHERE[filters.status] : {}),
    ...(filters.subscription ? { subscriptionId: filters.subscription } : {}),
    ...(filters.event || filters.trade
      ? {
          event: {
            tenantId,
            ...(filters.event ? { eventName: filters.event } : {}),
            ...(filters.trade ? { tradeId: filters.trade } : {}),
          },
        }
      : {}),
  };
}

export async function listDeliveries(tenantId: string, filters: DeliveryFilterValues) {
  const where = deliveryListWhere(tenantId, filters);
  // The delivery log: a replica's, within the lag bound (lib/db/read-target.ts).
  const [rows, totalCount] = await staleRead("delivery-log", tenantId, () =>
    Promise.all([
      db.webhookDelivery.findMany({
        where,
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        skip: (filters.page - 1) * filters.pageSize,
        take: filters.pageSize,
        include: {
          event: { select: { id: true, eventName: true, tradeId: true, marketplaceUserId: true } },
          subscription: { select: { id: true, url: true } },
          attempts: {
            orderBy: { attemptNumber: "desc" },
            take: 1,
            select: { responseStatus: true, error: true, durationMs: true, createdAt: true },
          },
        },
      }),
      db.webhookDelivery.count({ where }),
    ]),
  );
  return {
    deliveries: rows.map((d) => {
      const last = d.attempts[0];
      return {
        id: d.id,
        status: d.status,
        attemptCount: d.attemptCount,
        createdAt: d.createdAt.toISOString(),
        nextAttemptAt: d.status === "Pending" ? d.nextAttemptAt.toISOString() : null,
        eventId: d.event.id,
        eventName: d.event.eventName,
        tradeId: d.event.tradeId,
        marketplaceUserId: d.event.marketplaceUserId,
        subscriptionId: d.subscription.id,
        url: d.subscription.url,
        lastAttempt: last
          ? {
              responseStatus: last.responseStatus,
              error: last.error,
              durationMs: last.durationMs,
              createdAt: last.createdAt.toISOString(),
            }
          : null,
      };
    }),
    pagination: { page: filters.page, pageSize: filters.pageSize, totalCount },
  };
}

export type DeliveryListPage = Awaited<ReturnType<typeof listDeliveries>>;
