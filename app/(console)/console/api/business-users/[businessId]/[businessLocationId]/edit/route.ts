// POST /console/api/business-users/{businessId}/{businessLocationId}/edit – staff edit a business user (admins)
import { consoleRoute } from "@/lib/console/console-route.ts";
import { consoleEditBusinessUser } from "@/lib/console/business-users/manage-business-users.ts";
import { businessUserEdit } from "@/lib/console/operations/business-users.ts";

export const POST = consoleRoute(businessUserEdit, (context, { params, body }) =>
  consoleEditBusinessUser(context, params.businessId, params.businessLocationId, body),
);
