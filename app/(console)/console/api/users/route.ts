// GET /console/api/users – the tenant's connected marketplace users (signed-in staff; not part of the v1 API)
import { consoleRoute } from "@/lib/console/console-route.ts";
import { userList } from "@/lib/console/operations/users.ts";
import { listUsers } from "@/lib/console/users/list-users.ts";

export const GET = consoleRoute(userList, ({ tenant }, { query }) => listUsers(tenant.id, query));
