// GET /api/v1/marketplace/users/{u}/trades/{t}/payment – the trade's payment to escrow
import { apiRoute } from "@/lib/api/route.ts";
import { getEscrowPayment } from "@/lib/payments/get-escrow-payment.ts";
import * as operations from "@/lib/api/operations/payments.ts";

export const GET = apiRoute(operations.getPaymentToEscrow, (context) =>
  getEscrowPayment(context, context.params.marketplaceUserId, context.params.tradeId),
);
