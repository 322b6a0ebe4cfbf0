// POST /connect/{token}/{action} – the forms of the hosted connect page
import { connectActions } from "@/lib/hosted/form-actions.ts";
import { hostedFormRoute } from "@/lib/hosted/hosted-form-route.ts";

export const POST = hostedFormRoute("Connect", connectActions);
