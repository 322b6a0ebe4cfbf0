// GET /api/v1/marketplace/balance – the tenant's balance per currency, now or at a moment
import { apiRoute } from "@/lib/api/route.ts";
import { getBalance } from "@/lib/balance/get-balance.ts";
import * as operations from "@/lib/api/operations/balance.ts";

export const GET = apiRoute(operations.getBalance, (context) => getBalance(context, context.query));
