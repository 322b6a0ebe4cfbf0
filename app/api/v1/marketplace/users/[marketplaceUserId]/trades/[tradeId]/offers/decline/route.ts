// POST /api/v1/marketplace/users/{u}/trades/{t}/offers/decline – the payer says no; the trade goes on
import { apiRoute } from "@/lib/api/route.ts";
import { actOnTrade } from "@/lib/trades/act-on-trade.ts";
import { declineOfferCall } from "@/lib/trades/settlement-calls.ts";
import * as operations from "@/lib/api/operations/settlement.ts";

export const POST = apiRoute(operations.declineTradeOffer, (context) =>
  actOnTrade(context, context.params.marketplaceUserId, context.params.tradeId, declineOfferCall),
);
