// POST /api/v1/marketplace/users/{u}/trades/{t}/invitation/reject – the payer declines the trade
import { apiRoute } from "@/lib/api/route.ts";
import { rejectInvitation } from "@/lib/trades/reject-invitation.ts";
import * as operations from "@/lib/api/operations/trades.ts";

export const POST = apiRoute(operations.rejectTradeInvitation, (context) =>
  rejectInvitation(context, context.params.marketplaceUserId, context.params.tradeId),
);
