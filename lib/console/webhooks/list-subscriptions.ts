// The tenant's webhook endpoints of one mode as the console lists them, each with its health over
// the last 7 days: attempts that the endpoint accepted (2xx) or not, deliveries still waiting,
// and the latest attempt — so staff see at a glance which endpoint is failing.
import { db } from "../../db/client.ts";
import { Prisma, type WebhookSubscription } from "../../db/generated/client.ts";
import type { ApiMode } from "../../db/generated/enums.ts";

export const HEALTH_WINDOW_DAYS = 7;

export interface SubscriptionHealth {
  succeeded: number;
  failed: number;
  pending: number;
  lastAttemptAt: string | null;
  lastStatus: number | null;
  lastError: string | null;
}

const emptyHealth = (): SubscriptionHealth => ({
  succeeded: 0,
  failed: 0,
  pending: 0,
  lastAttemptAt: null,
  lastStatus: null,
  lastError: null,
});

export async function subscriptionHealth(tenantId: string, ids: string[]): Promise<Map<string, SubscriptionHealth>> {
  const health = new Map(ids.map((id) => [id, emptyHealth()]));
  if (!ids.length) return health;
  const since = new Date(Date.now() - HEALTH_WINDOW_DAYS * 86_400_000);
  const [attempts, latest, pending] = await Promise.all([
    db.$queryRaw<{ subscriptionId: string; succeeded: bigint; failed: bigint }[]>`
      SELECT d."subscriptionId",
        count(*) FILTER (WHERE a."responseStatus" BETWEEN 200 AND 299) AS "succeeded",
        count(*) FILTER (WHERE a."responseStatus" IS NULL OR a."responseStatus" NOT BETWEEN 200 AND 299) AS "failed"
      FROM "WebhookAttempt" a JOIN "WebhookDelivery" d ON d."id" = a."deliveryId"
      WHERE d."tenantId" = ${tenantId} AND d."subscriptionId" IN (${Prisma.join(ids)}) AND a."createdAt" >= ${since}
      GROUP BY d."subscriptionId"`,
    db.$queryRaw<{ subscriptionId: string; createdAt: Date; responseStatus: number | null; error: string | null }[]>`
      SELECT DISTINCT ON (d."subscriptionId") d."subscriptionId", a."createdAt", a."responseStatus", a."error"
      FROM "WebhookAttempt" a JOIN "WebhookDelivery" d ON d."id" = a."deliveryId"
      WHERE d."tenantId" = ${tenantId} AND d."subscriptionId" IN (${Prisma.join(ids)}) AND a."createdAt" >= ${since}
      ORDER BY d."subscriptionId", a."createdAt" DESC`,
    db.webhookDelivery.groupBy({
      by: ["subscriptionId"],
      where: { tenantId, subscriptionId: { in: ids }, status: "Pending" },
      _count: { _all: true },
    }),
  ]);
  for (const row of attempts)
    Object.assign(health.get(row.subscriptionId)!, { succeeded: Number(row.succeeded), failed: Number(row.failed) });
  for (const row of latest)
    Object.assign(health.get(row.subscriptionId)!, {
      lastAttemptAt: new Date(row.createdAt).toISOString(),
      lastStatus: row.responseStatus,
      lastError: row.error,
    });
  for (const row of pending) health.get(row.subscriptionId)!.pending = row._count._all;
  return health;
}

function present(row: WebhookSubscription, health: SubscriptionHealth, now: Date) {
  return {
    id: row.id,
    mode: row.mode,
    url: row.url,
    events: row.events,
    description: row.description,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    previousSecretExpiresAt:
      row.previousSecretExpiresAt && row.previousSecretExpiresAt > now
        ? row.previousSecretExpiresAt.toISOString()
        : null,
    health,
  };
}

export type ConsoleSubscription = ReturnType<typeof present>;

export async function listConsoleSubscriptions(tenantId: string, mode: ApiMode): Promise<ConsoleSubscription[]> {
  const rows = await db.webhookSubscription.findMany({ where: { tenantId, mode }, orderBy: { createdAt: "asc" } });
  const health = await subscriptionHealth(
    tenantId,
    rows.map((r) => r.id),
  );
  const now = new Date();
  return rows.map((row) => present(row, health.get(row.id)!, now));
}

/** One subscription of the tenant (any mode), or null. Never its secret. */
export async function loadConsoleSubscription(tenantId: string, id: string): Promise<ConsoleSubscription | null> {
  const row = await db.webhookSubscription.findFirst({ where: { id, tenantId } });
  if (!row) return null;
  const health = await subscriptionHealth(tenantId, [row.id]);
  return present(row, health.get(row.id)!, new Date());
}

/** Every endpoint of the tenant, both modes, for the delivery log's endpoint filter. */
export function listEndpointChoices(tenantId: string) {
  return db.webhookSubscription.findMany({
    where: { tenantId },
    select: { id: true, url: true, mode: true },
    orderBy: { createdAt: "asc" },
  });
}
