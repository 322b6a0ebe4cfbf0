// GET /console/api/users – the tenant's connected marketplace users (signed-in staff; not part of the v1 API)
import { consoleQuery } from "@/lib/console/console-route.ts";
import { listUsers } from "@/lib/console/users/list-users.ts";
import { UserFilters } from "@/lib/console/users/user-filters.ts";

export const GET = consoleQuery(UserFilters, ({ tenant }, filters) => listUsers(tenant.id, filters));
