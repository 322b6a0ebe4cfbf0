// POST /payout-account/{token}/{action} – the forms of the hosted payout account page
import { payoutAccountActions } from "@/lib/hosted/form-actions.ts";
import { hostedFormRoute } from "@/lib/hosted/hosted-form-route.ts";

export const POST = hostedFormRoute("PayoutAccount", payoutAccountActions);
