// GET /console/api/payouts – the tenant's payouts (signed-in staff; not part of the v1 API)
import { consoleJson } from "@/lib/console/console-route.ts";
import { listPayouts } from "@/lib/console/payouts/list-payouts.ts";
import { parsePayoutFilters } from "@/lib/console/payouts/payout-filters.ts";

export const GET = consoleJson(({ tenant }, request) =>
  listPayouts(tenant.id, parsePayoutFilters(new URL(request.url).searchParams)),
);
