// POST /api/v1/sandbox/payments/{paymentId}/complete – complete a pending payment (test tokens)
import { apiRoute } from "@/lib/api/route.ts";
import { completeSandboxPayment } from "@/lib/sandbox/complete-sandbox-payment.ts";
import * as operations from "@/lib/api/operations/payments.ts";

// "failed" is the bank declining, as the bank page's declined test card does.
export const POST = apiRoute(operations.sandboxCompletePayment, (context) =>
  completeSandboxPayment(context.tenant, context.mode, context.params.paymentId, context.body.outcome, context.now),
);
