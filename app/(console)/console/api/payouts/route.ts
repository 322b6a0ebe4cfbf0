// GET /console/api/payouts – the tenant's payouts (signed-in staff; not part of the v1 API)
import { consoleQuery } from "@/lib/console/console-route.ts";
import { listPayouts } from "@/lib/console/payouts/list-payouts.ts";
import { PayoutFilters } from "@/lib/console/payouts/payout-filters.ts";

export const GET = consoleQuery(PayoutFilters, ({ tenant }, filters) => listPayouts(tenant.id, filters));
