// POST /console/api/trades/{tradeId}/cancel – staff cancel a trade (admins)
import { consoleRoute } from "@/lib/console/console-route.ts";
import { tradeCancel } from "@/lib/console/operations/trades.ts";
import { staffCancelTrade } from "@/lib/console/trades/staff-trade-actions.ts";

export const POST = consoleRoute(tradeCancel, (context, { params, body }) =>
  staffCancelTrade(context, params.tradeId, body.state),
);
