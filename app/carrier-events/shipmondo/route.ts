// POST /carrier-events/shipmondo – Shipmondo's signed webhooks (lib/http/shipmondo-webhook-route.ts)
import { shipmondoWebhook } from "@/lib/http/shipmondo-webhook-route.ts";

export const POST = shipmondoWebhook;
