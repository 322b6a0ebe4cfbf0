// POST /api/v1/marketplace/users/{u}/payout-account – hosted page to choose the payout account
import { apiRoute } from "@/lib/api/route.ts";
import { payoutAccountLink } from "@/lib/hosted-links/hosted-links.ts";
import * as operations from "@/lib/api/operations/users.ts";

export const POST = apiRoute(operations.initiateSelectPayoutAccount, (context) =>
  payoutAccountLink(context, context.params.marketplaceUserId, context.body.returnUrl, context.body.appSwitch),
);
