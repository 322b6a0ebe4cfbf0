// POST /api/v1/marketplace/trades/{tradeId}/settle – the tenant settles a rejected or disputed item
import { apiRoute } from "@/lib/api/route.ts";
import { settleTrade } from "@/lib/trades/settle-trade.ts";
import * as operations from "@/lib/api/operations/settlement.ts";

export const POST = apiRoute(operations.settleTrade, (context) =>
  settleTrade(context, context.params.tradeId, context.body),
);
