// GET /console/api/users – the tenant's connected marketplace users (signed-in staff; not part of the v1 API)
import { consoleJson } from "@/lib/console/console-route.ts";
import { listUsers } from "@/lib/console/users/list-users.ts";
import { parseUserFilters } from "@/lib/console/users/user-filters.ts";

export const GET = consoleJson(({ tenant }, request) =>
  listUsers(tenant.id, parseUserFilters(new URL(request.url).searchParams)),
);
