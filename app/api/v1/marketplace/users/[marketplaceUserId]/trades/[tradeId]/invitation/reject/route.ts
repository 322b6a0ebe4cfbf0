// POST /api/v1/marketplace/users/{u}/trades/{t}/invitation/reject – the payer declines the trade
import { apiRoute } from "@/lib/api/route.ts";
import { actOnTrade } from "@/lib/trades/act-on-trade.ts";
import * as calls from "@/lib/trades/party-calls.ts";
import * as operations from "@/lib/api/operations/trades.ts";

export const POST = apiRoute(operations.rejectTradeInvitation, (context) =>
  actOnTrade(context, context.params.marketplaceUserId, context.params.tradeId, calls.rejectInvitationCall),
);
