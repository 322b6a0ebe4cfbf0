// GET /console/api/developers/request-log – the tenant's API calls, newest first, filtered and paged
import { consoleJson } from "@/lib/console/console-route.ts";
import { listRequestLog } from "@/lib/console/developers/request-log.ts";
import { parseRequestLogFilters } from "@/lib/console/developers/request-log-filters.ts";

export const GET = consoleJson(({ tenant }, request) =>
  listRequestLog(tenant.id, parseRequestLogFilters(new URL(request.url).searchParams)),
);
