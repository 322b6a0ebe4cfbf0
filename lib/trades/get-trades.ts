// GET /v1/marketplace/users/{u}/trades and /trades/{t}: the trades a user takes part in.
// A detail is one statement (the trade with its labels and parties: lib/trades/store/reads.ts), then
// the serializer. A page reads its count and its trades' row versions, and answers each trade's
// record as rendered before where its rows are unchanged (lib/trades/rendered-trades.ts).
import type { z } from "zod";
import { AppError } from "../errors.ts";
import { staleRead } from "../db/read-target.ts";
import { PreparedJson } from "../prepared-json.ts";
import type { TenantContext } from "../auth/authenticate.ts";
import type { Locale } from "../locale.ts";
import type { GetTradesQuery } from "./schemas.ts";
import { encodeTrade } from "./encode-trade.ts";
import { serializeTrade } from "./serialize-trade.ts";
import { renderTrades, renderedTradesKept } from "./rendered-trades.ts";
import { findUserTrade, userTradePage, userTradePageVersions } from "./store/reads.ts";

type Context = TenantContext & { locale: Locale };

export async function getTradeDetails(context: Context, marketplaceUserId: string, tradeId: string) {
  const scope = { tenantId: context.tenant.id, mode: context.mode };
  const view = await findUserTrade(scope, marketplaceUserId, tradeId);
  if (!view) throw AppError.notFound(`Trade ${JSON.stringify(tradeId)} of user ${JSON.stringify(marketplaceUserId)}`);
  return serializeTrade(view, context.locale);
}

/**
 * A page of Get trades is read from a replica within DATABASE_REPLICA_MAX_LAG_MS (the API reference
 * promises that bound); a trade by id above is always the primary's, so a client reads its own writes.
 */
export function getTrades(context: Context, marketplaceUserId: string, query: z.output<typeof GetTradesQuery>) {
  return staleRead("trade-list", context.tenant.id, () => readTradesPage(context, marketplaceUserId, query));
}

async function readTradesPage(context: Context, marketplaceUserId: string, query: z.output<typeof GetTradesQuery>) {
  const scope = { tenantId: context.tenant.id, mode: context.mode };
  const filters = { role: query.role, state: query.state };
  const page = { offset: (query.page - 1) * query.pageSize, limit: query.pageSize };
  const pagination = (totalCount: number) => ({ pageSize: query.pageSize, page: query.page, totalCount });
  if (!renderedTradesKept()) {
    const { totalCount, trades } = await userTradePage(scope, marketplaceUserId, filters, page);
    const records = trades.map((view) => encodeTrade(view, context.locale));
    return PreparedJson.objectWithArray("trades", records, { pagination: pagination(totalCount) });
  }
  // The page's row versions, then each trade's record as rendered before if its rows are unchanged.
  const { totalCount, trades } = await userTradePageVersions(scope, marketplaceUserId, filters, page);
  const records = await renderTrades(scope, trades, context.locale);
  return PreparedJson.objectWithArray("trades", records, { pagination: pagination(totalCount) });
}
