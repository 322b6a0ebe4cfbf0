// POST /api/v1/marketplace/users/{u}/trades/{t}/offers/accept – the payer keeps the item for the refund offered
import { apiRoute } from "@/lib/api/route.ts";
import { acceptOffer } from "@/lib/trades/accept-offer.ts";
import * as operations from "@/lib/api/operations/settlement.ts";

export const POST = apiRoute(operations.acceptTradeOffer, (context) =>
  acceptOffer(context, context.params.marketplaceUserId, context.params.tradeId, context.body.refundAmount),
);
