// POST /api/v1/sandbox/chargebacks/{chargebackId}/close – the payer's bank decides a chargeback (test tokens)
import { apiRoute } from "@/lib/api/route.ts";
import { closeSandboxChargeback } from "@/lib/sandbox/close-sandbox-chargeback.ts";
import * as operations from "@/lib/api/operations/sandbox.ts";

export const POST = apiRoute(operations.sandboxCloseChargeback, (context) =>
  closeSandboxChargeback(context.tenant, context.mode, context.params.chargebackId, context.body.outcome, context.now),
);
