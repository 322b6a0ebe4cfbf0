// GET /eid/callback – the eID broker's redirect back to us (lib/hosted/eid-callback-route.ts)
import { eidCallback } from "@/lib/hosted/eid-callback-route.ts";

export const GET = eidCallback;
