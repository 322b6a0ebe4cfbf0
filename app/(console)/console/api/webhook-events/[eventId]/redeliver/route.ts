// POST /console/api/webhook-events/{eventId}/redeliver – send a webhook event again (admins)
import { consoleJson } from "@/lib/console/console-route.ts";
import { staffRedeliverEvent } from "@/lib/console/trades/staff-trade-actions.ts";

export const POST = consoleJson(async (context, _request, { eventId }) => staffRedeliverEvent(context, eventId!));
