// GET /console/api/trades – the console's trades list (signed-in staff; not part of the v1 API)
import { consoleJson } from "@/lib/console/console-route.ts";
import { listTrades } from "@/lib/console/trades/list-trades.ts";
import { parseTradeFilters } from "@/lib/console/trades/trade-filters.ts";

export const GET = consoleJson(({ tenant }, request) =>
  listTrades(tenant.id, parseTradeFilters(new URL(request.url).searchParams)),
);
