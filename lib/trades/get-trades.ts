// GET /v1/marketplace/users/{u}/trades and /trades/{t}: the trades a user takes part in.
// Constant queries per request: the page of TradeParty rows (one index range), its count, the
// trades, and the two lookups of the serializer.
import type { z } from "zod";
import { ApiError } from "../api/errors.ts";
import type { TenantContext } from "../auth/authenticate.ts";
import { db } from "../db/client.ts";
import type { TradeState } from "../db/generated/enums.ts";
import { pickLocale } from "./presentation/codes.ts";
import type { GetTradesQuery } from "./schemas.ts";
import { serializeTrades } from "./serialize-trade.ts";

type Context = TenantContext & { request: Request };

export async function getTradeDetails(context: Context, marketplaceUserId: string, tradeId: string) {
  const scope = { tenantId: context.tenant.id, mode: context.mode };
  const trade = await db.trade.findFirst({
    where: { id: tradeId, ...scope, OR: [{ payerMarketplaceUserId: marketplaceUserId }, { payeeMarketplaceUserId: marketplaceUserId }] },
  });
  if (!trade) throw ApiError.notFound(`Trade ${JSON.stringify(tradeId)} of user ${JSON.stringify(marketplaceUserId)}`);
  const [serialized] = await serializeTrades(scope, [trade], pickLocale(context.request.headers.get("accept-language"), context.tenant.locale));
  return serialized!;
}

export async function getTrades(context: Context, marketplaceUserId: string, query: z.output<typeof GetTradesQuery>) {
  const scope = { tenantId: context.tenant.id, mode: context.mode };
  const where = {
    ...scope,
    marketplaceUserId,
    ...(query.role ? { role: query.role } : {}),
    ...(query.state ? { trade: { state: query.state as TradeState } } : {}),
  };
  const [totalCount, page] = await Promise.all([
    db.tradeParty.count({ where }),
    db.tradeParty.findMany({
      where,
      orderBy: [{ tradeCreatedAt: "desc" }, { tradeId: "desc" }],
      skip: (query.page - 1) * query.pageSize,
      take: query.pageSize,
      select: { tradeId: true },
    }),
  ]);
  const rows = page.length ? await db.trade.findMany({ where: { ...scope, id: { in: page.map((p) => p.tradeId) } } }) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = page.map((p) => byId.get(p.tradeId)).filter((row) => row !== undefined);
  const trades = await serializeTrades(scope, ordered, pickLocale(context.request.headers.get("accept-language"), context.tenant.locale));
  return { trades, pagination: { pageSize: query.pageSize, page: query.page, totalCount } };
}
