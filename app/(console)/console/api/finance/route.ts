// GET /console/api/finance – balance, a day's movements and the reconciliation (signed-in staff; not part of the v1 API)
import { consoleQuery } from "@/lib/console/console-route.ts";
import { loadFinance } from "@/lib/console/finance/load-finance.ts";
import { FinanceFilters } from "@/lib/console/finance/finance-filters.ts";

export const GET = consoleQuery(FinanceFilters, ({ tenant }, filters) => loadFinance(tenant, filters));
