// POST /rail-events/{provider} – a payment rail's signed callbacks (outside /api/v1: the rail, not
// a tenant, calls it). lib/http/rail-event-route.ts says what is answered.
import { railEventRoute } from "@/lib/http/rail-event-route.ts";

export const POST = railEventRoute;
