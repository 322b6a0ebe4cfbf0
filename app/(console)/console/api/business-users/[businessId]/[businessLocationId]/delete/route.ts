// POST /console/api/business-users/{businessId}/{businessLocationId}/delete – staff delete a business user (admins)
import { z } from "zod";
import { consoleBody, consoleJson } from "@/lib/console/console-route.ts";
import { consoleDeleteBusinessUser } from "@/lib/console/business-users/manage-business-users.ts";

export const POST = consoleJson(async (context, request, { businessId, businessLocationId }) =>
  consoleDeleteBusinessUser(context, businessId!, businessLocationId!, await consoleBody(request, z.unknown())),
);
