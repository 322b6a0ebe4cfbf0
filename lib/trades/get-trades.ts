// GET /v1/marketplace/users/{u}/trades and /trades/{t}: the trades a user takes part in.
// Constant queries per request: the page's trades (one index range of TradeParty joined with the
// trades) and its count side by side, then the serializer's lookups side by side (plain SQL:
// lib/trades/trade-reads.ts).
import type { z } from "zod";
import { ApiError } from "../errors.ts";
import type { TenantContext } from "../auth/authenticate.ts";
import type { Locale } from "../locale.ts";
import type { GetTradesQuery } from "./schemas.ts";
import { serializeTrades } from "./serialize-trade.ts";
import { findUserTrade, userTradePage } from "./trade-reads.ts";

type Context = TenantContext & { locale: Locale };

export async function getTradeDetails(context: Context, marketplaceUserId: string, tradeId: string) {
  const scope = { tenantId: context.tenant.id, mode: context.mode };
  const trade = await findUserTrade(scope, marketplaceUserId, tradeId);
  if (!trade) throw ApiError.notFound(`Trade ${JSON.stringify(tradeId)} of user ${JSON.stringify(marketplaceUserId)}`);
  const [serialized] = await serializeTrades(scope, [trade], context.locale);
  return serialized!;
}

export async function getTrades(context: Context, marketplaceUserId: string, query: z.output<typeof GetTradesQuery>) {
  const scope = { tenantId: context.tenant.id, mode: context.mode };
  const { totalCount, trades: page } = await userTradePage(
    scope,
    marketplaceUserId,
    { role: query.role, state: query.state },
    { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
  );
  const trades = await serializeTrades(scope, page, context.locale);
  return { trades, pagination: { pageSize: query.pageSize, page: query.page, totalCount } };
}
