// POST /api/v1/marketplace/users/{u}/trades/{t}/offers/decline – the payer says no; the trade goes on
import { apiRoute } from "@/lib/api/route.ts";
import { declineOffer } from "@/lib/trades/decline-offer.ts";
import * as operations from "@/lib/api/operations/settlement.ts";

export const POST = apiRoute(operations.declineTradeOffer, (context) =>
  declineOffer(context, context.params.marketplaceUserId, context.params.tradeId),
);
