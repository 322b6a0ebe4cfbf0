// POST /console/api/trades/{tradeId}/settle – staff split a rejected or disputed trade (admins)
import { consoleRoute } from "@/lib/console/console-route.ts";
import { tradeSettle } from "@/lib/console/operations/trades.ts";
import { staffSettleTrade } from "@/lib/console/trades/staff-trade-actions.ts";
import { minorUnitsFromText } from "@/lib/money/amount-text.ts";

export const POST = consoleRoute(tradeSettle, (context, { params, body }) =>
  staffSettleTrade(context, params.tradeId, {
    // The body's pattern admits only amounts this reads.
    refundMinor: minorUnitsFromText(body.refundAmount, "en")!,
    reason: body.reason,
    expectedState: body.state,
  }),
);
