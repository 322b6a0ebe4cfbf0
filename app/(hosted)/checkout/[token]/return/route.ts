// GET /checkout/{token}/return – the payer back from the payment rail's page
import { hostedReturnRoute } from "@/lib/hosted/hosted-return-route.ts";

export const GET = hostedReturnRoute("Checkout");
