// POST /api/v1/sandbox/payments/{paymentId}/complete – complete a pending payment (test tokens)
import { apiRoute } from "@/lib/api/route.ts";
import { completePayment } from "@/lib/payments/complete-payment.ts";
import * as operations from "@/lib/api/operations/payments.ts";

// "failed" is the bank declining, as the hosted page's declined test card does.
export const POST = apiRoute(operations.sandboxCompletePayment, (context) =>
  completePayment(
    context.tenant,
    context.mode,
    context.params.paymentId,
    context.body.outcome === "succeeded" ? "succeeded" : "declined_by_bank",
    context.now,
    { source: "sandbox" },
  ),
);
