// POST /api/v1/marketplace/users/{u}/trades/{t}/invitation/accept – the payer accepts the trade
import { apiRoute } from "@/lib/api/route.ts";
import { acceptInvitation } from "@/lib/trades/accept-invitation.ts";
import * as operations from "@/lib/api/operations/trades.ts";

export const POST = apiRoute(operations.acceptTradeInvitation, (context) =>
  acceptInvitation(context, context.params.marketplaceUserId, context.params.tradeId),
);
