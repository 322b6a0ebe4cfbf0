// POST /console/api/trades/{tradeId}/settle – staff split a rejected or disputed trade (admins)
import { z } from "zod";
import { consoleBody, consoleJson } from "@/lib/console/console-route.ts";
import { staffSettleTrade } from "@/lib/console/trades/staff-trade-actions.ts";
import { minorUnitsFromText } from "@/lib/money/amount-text.ts";

// The amount travels as decimal text ("20.00"), never as a JSON number, so it arrives exactly as typed.
const Body = z.strictObject({
  refundAmount: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, "An amount with at most 2 decimals, for example 20.00"),
  reason: z.string().trim().min(1, "Say why, for the trade's timeline").max(2000),
  state: z.string().min(1).max(64),
});

export const POST = consoleJson(async (context, request, { tradeId }) => {
  const body = await consoleBody(request, Body);
  return staffSettleTrade(context, tradeId!, {
    refundMinor: minorUnitsFromText(body.refundAmount, "en")!,
    reason: body.reason,
    expectedState: body.state,
  });
});
