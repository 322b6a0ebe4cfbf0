// POST /console/api/business-users/{businessId}/{businessLocationId}/edit – staff edit a business user (admins)
import { consoleJson } from "@/lib/console/console-route.ts";
import { consoleEditBusinessUser } from "@/lib/console/business-users/manage-business-users.ts";

export const POST = consoleJson(async (context, request, { businessId, businessLocationId }) => consoleEditBusinessUser(context, businessId!, businessLocationId!, await request.json().catch(() => undefined)));
