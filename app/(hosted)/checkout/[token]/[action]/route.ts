// POST /checkout/{token}/{action} – the forms of the hosted checkout
import { checkoutActions } from "@/lib/hosted/form-actions.ts";
import { hostedFormRoute } from "@/lib/hosted/hosted-form-route.ts";

export const POST = hostedFormRoute("Checkout", checkoutActions);
