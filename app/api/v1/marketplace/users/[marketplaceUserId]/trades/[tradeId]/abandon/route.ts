// POST /api/v1/marketplace/users/{u}/trades/{t}/abandon – a party walks away before payment
import { apiRoute } from "@/lib/api/route.ts";
import { abandonTrade } from "@/lib/trades/abandon-trade.ts";
import * as operations from "@/lib/api/operations/trades.ts";

export const POST = apiRoute(operations.abandonTrade, (context) =>
  abandonTrade(context, context.params.marketplaceUserId, context.params.tradeId),
);
