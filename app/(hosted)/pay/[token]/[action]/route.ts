// POST /pay/{token}/{action} – the forms of the hosted payment flow
import { paymentFlowActions } from "@/lib/hosted/form-actions.ts";
import { hostedFormRoute } from "@/lib/hosted/hosted-form-route.ts";

export const POST = hostedFormRoute("PaymentFlow", paymentFlowActions);
