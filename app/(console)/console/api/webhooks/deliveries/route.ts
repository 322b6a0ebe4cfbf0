// GET /console/api/webhooks/deliveries – the delivery log, filtered and paged (signed-in staff)
import { consoleRoute } from "@/lib/console/console-route.ts";
import { webhookDeliveryList } from "@/lib/console/operations/webhooks.ts";
import { listDeliveries } from "@/lib/console/webhooks/list-deliveries.ts";

export const GET = consoleRoute(webhookDeliveryList, ({ tenant }, { query }) => listDeliveries(tenant.id, query));
