// POST /console/api/business-users/{businessId}/{businessLocationId}/edit – staff edit a business user (admins)
import { z } from "zod";
import { consoleBody, consoleJson } from "@/lib/console/console-route.ts";
import { consoleEditBusinessUser } from "@/lib/console/business-users/manage-business-users.ts";

export const POST = consoleJson(async (context, request, { businessId, businessLocationId }) =>
  consoleEditBusinessUser(context, businessId!, businessLocationId!, await consoleBody(request, z.unknown())),
);
