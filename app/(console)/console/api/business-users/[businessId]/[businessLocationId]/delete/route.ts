// POST /console/api/business-users/{businessId}/{businessLocationId}/delete – staff delete a business user (admins)
import { consoleRoute } from "@/lib/console/console-route.ts";
import { consoleDeleteBusinessUser } from "@/lib/console/business-users/manage-business-users.ts";
import { businessUserDelete } from "@/lib/console/operations/business-users.ts";

export const POST = consoleRoute(businessUserDelete, (context, { params, body }) =>
  consoleDeleteBusinessUser(context, params.businessId, params.businessLocationId, body),
);
