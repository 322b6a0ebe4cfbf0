// POST /api/v1/marketplace/users/{u}/trades/{t}/abandon – a party walks away before payment
import { apiRoute } from "@/lib/api/route.ts";
import { actOnTrade } from "@/lib/trades/act-on-trade.ts";
import * as calls from "@/lib/trades/party-calls.ts";
import * as operations from "@/lib/api/operations/trades.ts";

export const POST = apiRoute(operations.abandonTrade, (context) =>
  actOnTrade(context, context.params.marketplaceUserId, context.params.tradeId, calls.abandonCall),
);
