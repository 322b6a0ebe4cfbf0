// POST /api/v1/marketplace/users/{u}/trades/{t}/condition/accept – accept the item (payer) or the return (payee)
import { apiRoute } from "@/lib/api/route.ts";
import { acceptCondition } from "@/lib/trades/accept-condition.ts";
import * as operations from "@/lib/api/operations/trades.ts";

export const POST = apiRoute(operations.acceptItemCondition, (context) =>
  acceptCondition(context, context.params.marketplaceUserId, context.params.tradeId),
);
