// GET /api/v1/marketplace/users/{marketplaceUserId}/trades – the user's trades, paged
import { apiRoute } from "@/lib/api/route.ts";
import { getTrades } from "@/lib/trades/get-trades.ts";
import * as operations from "@/lib/api/operations/trades.ts";

export const GET = apiRoute(operations.getTrades, (context) =>
  getTrades(context, context.params.marketplaceUserId, context.query),
);
