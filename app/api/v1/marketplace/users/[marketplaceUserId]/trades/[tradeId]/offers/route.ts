// POST /api/v1/marketplace/users/{u}/trades/{t}/offers – the payee offers a price reduction
import { apiRoute } from "@/lib/api/route.ts";
import { makeOffer } from "@/lib/trades/make-offer.ts";
import * as operations from "@/lib/api/operations/settlement.ts";

export const POST = apiRoute(operations.makeTradeOffer, (context) =>
  makeOffer(context, context.params.marketplaceUserId, context.params.tradeId, context.body.refundAmount),
);
