// POST /console/api/trades/{tradeId}/resolve – staff decide a disputed trade (admins)
import { z } from "zod";
import { consoleBody, consoleJson } from "@/lib/console/console-route.ts";
import { staffResolveDispute } from "@/lib/console/trades/staff-trade-actions.ts";

// `state`: the state the page showed, so a trade that moved meanwhile is not decided blindly.
const Body = z.strictObject({ outcome: z.enum(["release", "refund"]), state: z.string().min(1).max(64) });

export const POST = consoleJson(async (context, request, { tradeId }) => {
  const { outcome, state } = await consoleBody(request, Body);
  return staffResolveDispute(context, tradeId!, outcome, state);
});
