// POST /api/v1/marketplace/users/{u}/trades/{t}/offers – the payee offers a price reduction
import { apiRoute } from "@/lib/api/route.ts";
import { minorUnitsFromNumber } from "@/lib/money/decimal.ts";
import { actOnTrade } from "@/lib/trades/act-on-trade.ts";
import { makeOfferCall } from "@/lib/trades/settlement-calls.ts";
import * as operations from "@/lib/api/operations/settlement.ts";

export const POST = apiRoute(operations.makeTradeOffer, (context) =>
  actOnTrade(context, context.params.marketplaceUserId, context.params.tradeId, (role, trade) =>
    makeOfferCall(role, trade, context.tenant, minorUnitsFromNumber(context.body.refundAmount), context.now),
  ),
);
