// POST /api/v1/marketplace/trades/{tradeId}/cancel – the tenant cancels (compare-and-set on state)
import { apiRoute } from "@/lib/api/route.ts";
import { cancelTrade } from "@/lib/trades/cancel-trade.ts";
import * as operations from "@/lib/api/operations/trades.ts";

export const POST = apiRoute(operations.cancelOngoingTrade, (context) =>
  cancelTrade({
    tenant: context.tenant,
    mode: context.mode,
    tradeId: context.params.tradeId,
    expectedState: context.body.state,
  }),
);
