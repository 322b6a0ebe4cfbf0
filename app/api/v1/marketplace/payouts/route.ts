// GET /api/v1/marketplace/payouts – the tenant's payouts, newest first
import { apiRoute } from "@/lib/api/route.ts";
import * as operations from "@/lib/api/operations/payouts.ts";
import { listPayouts } from "@/lib/payouts/read-payouts.ts";

export const GET = apiRoute(operations.listPayouts, (context) => listPayouts(context, context.query));
