// POST /api/v1/marketplace/users/{u}/trades/{t}/condition/reject – reject the item (payer) or the return (payee)
import { apiRoute } from "@/lib/api/route.ts";
import { rejectCondition } from "@/lib/trades/reject-condition.ts";
import * as operations from "@/lib/api/operations/trades.ts";

export const POST = apiRoute(operations.rejectItemCondition, (context) =>
  rejectCondition(context, context.params.marketplaceUserId, context.params.tradeId, context.body),
);
