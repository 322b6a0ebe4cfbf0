// POST /api/v1/sandbox/shipments/{labelId}/events – a carrier tracking event (test tokens)
import { apiRoute } from "@/lib/api/route.ts";
import { applyTrackingEvent } from "@/lib/shipping/apply-tracking-event.ts";
import * as operations from "@/lib/api/operations/shipping.ts";

export const POST = apiRoute(operations.sandboxShipmentEvent, (context) =>
  applyTrackingEvent(context.tenant, context.mode, context.params.labelId, context.body.event, context.now),
);
