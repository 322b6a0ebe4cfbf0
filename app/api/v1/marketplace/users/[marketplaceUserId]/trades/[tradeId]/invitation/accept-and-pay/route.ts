// POST /api/v1/marketplace/users/{u}/trades/{t}/invitation/accept-and-pay – the payer's escrow payment
import { apiRoute } from "@/lib/api/route.ts";
import { acceptAndPay } from "@/lib/payments/accept-and-pay.ts";
import * as operations from "@/lib/api/operations/payments.ts";

export const POST = apiRoute(operations.acceptTradeInvitationAndPay, (context) =>
  acceptAndPay(context, context.params.marketplaceUserId, context.params.tradeId, context.query.receiverShopId),
);
