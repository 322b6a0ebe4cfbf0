// GET /v1/marketplace/payouts and /payouts/{id}: the tenant's payouts in the token's mode, newest
// first. Two queries per page, side by side: the page (index on tenant, mode, createdAt) and its count.
import type { z } from "zod";
import { AppError } from "../errors.ts";
import type { TenantContext } from "../auth/authenticate.ts";
import { db } from "../db/client.ts";
import type { Prisma } from "../db/generated/client.ts";
import type { ListPayoutsQuery } from "./schemas.ts";
import { serializePayout } from "./serialize-payout.ts";

export async function listPayouts(context: TenantContext, query: z.output<typeof ListPayoutsQuery>) {
  const where: Prisma.PayoutWhereInput = {
    tenantId: context.tenant.id,
    mode: context.mode,
    ...(query.state ? { state: query.state } : {}),
    ...(query.tradeId ? { tradeId: query.tradeId } : {}),
    ...(query.from || query.to
      ? { createdAt: { ...(query.from ? { gte: query.from } : {}), ...(query.to ? { lt: query.to } : {}) } }
      : {}),
  };
  const [rows, totalCount] = await Promise.all([
    db.payout.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (query.page - 1) * query.pageSize,
      take: query.pageSize,
    }),
    db.payout.count({ where }),
  ]);
  return { payouts: rows.map(serializePayout), pagination: { pageSize: query.pageSize, page: query.page, totalCount } };
}

export async function getPayout(context: TenantContext, payoutId: string) {
  const payout = await db.payout.findFirst({
    where: { id: payoutId, tenantId: context.tenant.id, mode: context.mode },
  });
  if (!payout) throw AppError.notFound(`Payout ${JSON.stringify(payoutId)}`);
  return serializePayout(payout);
}
