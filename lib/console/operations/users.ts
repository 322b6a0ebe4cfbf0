// The console's list of the tenant's connected marketplace users.
import type { listUsers } from "../users/list-users.ts";
import { UserFilters } from "../users/user-filters.ts";
import { consoleOperation, type ResultOf } from "./operation.ts";

export const userList = consoleOperation<ResultOf<typeof listUsers>>()({
  method: "GET",
  path: "/console/api/users",
  query: UserFilters,
});
