// POST /api/v1/sandbox/payments/{paymentId}/complete – complete a pending payment (test tokens)
import { apiRoute } from "@/lib/api/route.ts";
import { completePayment } from "@/lib/payments/complete-payment.ts";
import * as operations from "@/lib/payments/operations.ts";

export const POST = apiRoute(operations.sandboxCompletePayment, (context) => completePayment(context.tenant, context.mode, context.params.paymentId, context.body.outcome, context.now));
