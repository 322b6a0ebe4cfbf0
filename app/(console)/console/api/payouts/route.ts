// GET /console/api/payouts – the tenant's payouts (signed-in staff; not part of the v1 API)
import { consoleRoute } from "@/lib/console/console-route.ts";
import { listPayouts } from "@/lib/console/payouts/list-payouts.ts";
import { payoutList } from "@/lib/console/operations/money.ts";

export const GET = consoleRoute(payoutList, ({ tenant }, { query }) => listPayouts(tenant.id, query));
