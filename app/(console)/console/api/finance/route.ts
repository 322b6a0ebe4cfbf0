// GET /console/api/finance – balance, a day's movements and the reconciliation (signed-in staff; not part of the v1 API)
import { consoleJson } from "@/lib/console/console-route.ts";
import { loadFinance } from "@/lib/console/finance/load-finance.ts";
import { parseFinanceFilters } from "@/lib/console/finance/finance-filters.ts";

export const GET = consoleJson(({ tenant }, request) =>
  loadFinance(tenant, parseFinanceFilters(new URL(request.url).searchParams)),
);
