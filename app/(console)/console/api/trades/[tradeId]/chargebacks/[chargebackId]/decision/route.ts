// POST /console/api/trades/{tradeId}/chargebacks/{chargebackId}/decision – who bears a chargeback lost before the payout (admins)
import { consoleRoute } from "@/lib/console/console-route.ts";
import { tradeChargebackDecision } from "@/lib/console/operations/trades.ts";
import { staffDecideChargeback } from "@/lib/console/trades/staff-trade-actions.ts";

export const POST = consoleRoute(tradeChargebackDecision, (context, { params, body }) =>
  staffDecideChargeback(context, params.tradeId, params.chargebackId, body.decision),
);
