// POST /api/v1/marketplace/users/{u}/trades/{t}/status-link – hosted trade status page for the user
import { apiRoute } from "@/lib/api/route.ts";
import { tradeStatusLink } from "@/lib/hosted-links/hosted-links.ts";
import * as operations from "@/lib/api/operations/trades.ts";

export const POST = apiRoute(operations.getTradeStatusLink, (context) =>
  tradeStatusLink(
    context,
    context.params.marketplaceUserId,
    context.params.tradeId,
    context.body.returnUrl,
    context.body.appSwitch,
  ),
);
