// POST /status/{token}/{action} – the forms of the hosted trade status page
import { statusActions } from "@/lib/hosted/form-actions.ts";
import { hostedFormRoute } from "@/lib/hosted/hosted-form-route.ts";

export const POST = hostedFormRoute("TradeStatus", statusActions);
