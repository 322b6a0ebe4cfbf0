// POST /api/v1/marketplace/users/{u}/trades/{t}/offers/accept – the payer keeps the item for less
import { apiRoute } from "@/lib/api/route.ts";
import { actOnTrade } from "@/lib/trades/act-on-trade.ts";
import { acceptOfferCall } from "@/lib/trades/settlement-calls.ts";
import * as operations from "@/lib/api/operations/settlement.ts";

export const POST = apiRoute(operations.acceptTradeOffer, (context) =>
  actOnTrade(context, context.params.marketplaceUserId, context.params.tradeId, acceptOfferCall),
);
