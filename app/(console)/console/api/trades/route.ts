// GET /console/api/trades – the console's trades list (signed-in staff; not part of the v1 API)
import { consoleRoute } from "@/lib/console/console-route.ts";
import { tradeList } from "@/lib/console/operations/trades.ts";
import { listTrades } from "@/lib/console/trades/list-trades.ts";

export const GET = consoleRoute(tradeList, ({ tenant }, { query }) => listTrades(tenant.id, query));
