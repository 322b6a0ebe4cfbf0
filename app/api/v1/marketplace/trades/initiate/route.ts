// POST /api/v1/marketplace/trades/initiate – create a trade and the payer's checkout
import { apiRoute } from "@/lib/api/route.ts";
import { initiateTrade } from "@/lib/trades/initiate-trade.ts";
import * as operations from "@/lib/api/operations/trades.ts";

export const POST = apiRoute(operations.initiateTrade, (context) => initiateTrade(context, context.body));
