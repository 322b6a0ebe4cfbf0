// GET /console/api/developers/request-log – the tenant's API calls, newest first, filtered and paged
import { consoleQuery } from "@/lib/console/console-route.ts";
import { listRequestLog } from "@/lib/console/developers/list-request-log.ts";
import { RequestLogFilters } from "@/lib/console/developers/request-log-filters.ts";

export const GET = consoleQuery(RequestLogFilters, ({ tenant }, filters) => listRequestLog(tenant.id, filters));
