// POST /api/v1/marketplace/users/{u}/payments/{paymentId}/flow – hosted page to pay a pending payment
import { apiRoute } from "@/lib/api/route.ts";
import { initiatePaymentFlow } from "@/lib/payments/initiate-payment-flow.ts";
import * as operations from "@/lib/api/operations/payments.ts";

export const POST = apiRoute(operations.initiatePaymentFlow, (context) =>
  initiatePaymentFlow(context, context.params.marketplaceUserId, context.params.paymentId, context.body),
);
