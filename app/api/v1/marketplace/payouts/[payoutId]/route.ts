// GET /api/v1/marketplace/payouts/{payoutId} – one payout
import { apiRoute } from "@/lib/api/route.ts";
import * as operations from "@/lib/api/operations/payouts.ts";
import { getPayout } from "@/lib/payouts/read-payouts.ts";

export const GET = apiRoute(operations.getPayout, (context) => getPayout(context, context.params.payoutId));
