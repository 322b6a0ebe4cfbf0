// POST /console/api/trades/{tradeId}/resolve – staff decide a disputed trade (admins)
import { z } from "zod";
import { consoleBody, consoleJson } from "@/lib/console/console-route.ts";
import { staffResolveDispute } from "@/lib/console/trades/staff-trade-actions.ts";

const Body = z.strictObject({ outcome: z.enum(["release", "refund"]) });

export const POST = consoleJson(async (context, request, { tradeId }) =>
  staffResolveDispute(context, tradeId!, (await consoleBody(request, Body)).outcome),
);
