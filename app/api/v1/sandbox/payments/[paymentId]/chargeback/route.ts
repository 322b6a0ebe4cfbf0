// POST /api/v1/sandbox/payments/{paymentId}/chargeback – the payer's bank takes a paid payment back (test tokens)
import { apiRoute } from "@/lib/api/route.ts";
import { openSandboxChargeback } from "@/lib/sandbox/open-sandbox-chargeback.ts";
import * as operations from "@/lib/api/operations/sandbox.ts";

export const POST = apiRoute(operations.sandboxChargebackPayment, (context) =>
  openSandboxChargeback(context.tenant, context.mode, context.params.paymentId, context.body.reason, context.now),
);
