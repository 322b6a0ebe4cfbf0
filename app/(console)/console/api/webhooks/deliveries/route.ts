// GET /console/api/webhooks/deliveries – the delivery log, filtered and paged (signed-in staff)
import { consoleJson } from "@/lib/console/console-route.ts";
import { parseDeliveryFilters } from "@/lib/console/webhooks/delivery-filters.ts";
import { listDeliveries } from "@/lib/console/webhooks/list-deliveries.ts";

export const GET = consoleJson(({ tenant }, request) =>
  listDeliveries(tenant.id, parseDeliveryFilters(new URL(request.url).searchParams)),
);
