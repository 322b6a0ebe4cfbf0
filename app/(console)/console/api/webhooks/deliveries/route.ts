// GET /console/api/webhooks/deliveries – the delivery log, filtered and paged (signed-in staff)
import { consoleQuery } from "@/lib/console/console-route.ts";
import { DeliveryFilters } from "@/lib/console/webhooks/delivery-filters.ts";
import { listDeliveries } from "@/lib/console/webhooks/list-deliveries.ts";

export const GET = consoleQuery(DeliveryFilters, ({ tenant }, filters) => listDeliveries(tenant.id, filters));
