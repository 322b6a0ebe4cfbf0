// GET /console/api/developers/request-log – the tenant's API calls, newest first, filtered and paged
import { consoleRoute } from "@/lib/console/console-route.ts";
import { listRequestLog } from "@/lib/console/developers/list-request-log.ts";
import { requestLogList } from "@/lib/console/operations/developers.ts";

export const GET = consoleRoute(requestLogList, ({ tenant }, { query }) => listRequestLog(tenant.id, query));
