// POST /console/api/trades/{tradeId}/cancel – staff cancel a trade (admins)
import { z } from "zod";
import { consoleBody, consoleJson } from "@/lib/console/console-route.ts";
import { staffCancelTrade } from "@/lib/console/trades/staff-trade-actions.ts";

const Body = z.strictObject({ state: z.string().min(1).max(64) });

export const POST = consoleJson(async (context, request, { tradeId }) =>
  staffCancelTrade(context, tradeId!, (await consoleBody(request, Body)).state),
);
