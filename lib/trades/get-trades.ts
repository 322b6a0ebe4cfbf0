// GET /v1/marketplace/users/{u}/trades and /trades/{t}: the trades a user takes part in.
// One statement per request: the trade, or the page's trades with its count, each with its labels
// and parties (plain SQL: lib/trades/trade-reads.ts), then the serializer.
import type { z } from "zod";
import { ApiError } from "../errors.ts";
import type { TenantContext } from "../auth/authenticate.ts";
import type { Locale } from "../locale.ts";
import type { GetTradesQuery } from "./schemas.ts";
import { serializeTrade } from "./serialize-trade.ts";
import { findUserTrade, userTradePage } from "./trade-reads.ts";

type Context = TenantContext & { locale: Locale };

export async function getTradeDetails(context: Context, marketplaceUserId: string, tradeId: string) {
  const scope = { tenantId: context.tenant.id, mode: context.mode };
  const view = await findUserTrade(scope, marketplaceUserId, tradeId);
  if (!view) throw ApiError.notFound(`Trade ${JSON.stringify(tradeId)} of user ${JSON.stringify(marketplaceUserId)}`);
  return serializeTrade(view, context.locale);
}

export async function getTrades(context: Context, marketplaceUserId: string, query: z.output<typeof GetTradesQuery>) {
  const scope = { tenantId: context.tenant.id, mode: context.mode };
  const { totalCount, trades: page } = await userTradePage(
    scope,
    marketplaceUserId,
    { role: query.role, state: query.state },
    { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
  );
  const trades = page.map((view) => serializeTrade(view, context.locale));
  return { trades, pagination: { pageSize: query.pageSize, page: query.page, totalCount } };
}
