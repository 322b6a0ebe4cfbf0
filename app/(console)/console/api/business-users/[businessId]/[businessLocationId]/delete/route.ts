// POST /console/api/business-users/{businessId}/{businessLocationId}/delete – staff delete a business user (admins)
import { consoleJson } from "@/lib/console/console-route.ts";
import { consoleDeleteBusinessUser } from "@/lib/console/business-users/manage-business-users.ts";

export const POST = consoleJson(async (context, request, { businessId, businessLocationId }) => consoleDeleteBusinessUser(context, businessId!, businessLocationId!, await request.json().catch(() => undefined)));
