// POST /console/api/trades/{tradeId}/resolve – staff decide a disputed trade (admins)
import { consoleRoute } from "@/lib/console/console-route.ts";
import { tradeResolve } from "@/lib/console/operations/trades.ts";
import { staffResolveDispute } from "@/lib/console/trades/staff-trade-actions.ts";

export const POST = consoleRoute(tradeResolve, (context, { params, body }) =>
  staffResolveDispute(context, params.tradeId, body.outcome, body.state),
);
