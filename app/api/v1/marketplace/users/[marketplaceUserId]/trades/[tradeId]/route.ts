// GET /api/v1/marketplace/users/{marketplaceUserId}/trades/{tradeId} – one trade of the user
import { apiRoute } from "@/lib/api/route.ts";
import { getTradeDetails } from "@/lib/trades/get-trades.ts";
import * as operations from "@/lib/api/operations/trades.ts";

export const GET = apiRoute(operations.getTradeDetails, (context) =>
  getTradeDetails(context, context.params.marketplaceUserId, context.params.tradeId),
);
