// GET /console/api/finance – balance, a day's movements and the reconciliation (signed-in staff; not part of the v1 API)
import { consoleRoute } from "@/lib/console/console-route.ts";
import { loadFinance } from "@/lib/console/finance/load-finance.ts";
import { financeView } from "@/lib/console/operations/money.ts";

export const GET = consoleRoute(financeView, ({ tenant }, { query }) => loadFinance(tenant, query));
