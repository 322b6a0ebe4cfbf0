// GET /console/api/trades – the console's trades list (signed-in staff; not part of the v1 API)
import { consoleQuery } from "@/lib/console/console-route.ts";
import { listTrades } from "@/lib/console/trades/list-trades.ts";
import { TradeFilters } from "@/lib/console/trades/trade-filters.ts";

export const GET = consoleQuery(TradeFilters, ({ tenant }, filters) => listTrades(tenant.id, filters));
