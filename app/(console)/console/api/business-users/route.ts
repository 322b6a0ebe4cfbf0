// POST /console/api/business-users – staff add a business user (admins; the API's rules and whitelist)
import { z } from "zod";
import { consoleBody, consoleJson } from "@/lib/console/console-route.ts";
import { consoleCreateBusinessUser } from "@/lib/console/business-users/manage-business-users.ts";

export const POST = consoleJson(async (context, request) =>
  consoleCreateBusinessUser(context, await consoleBody(request, z.unknown())),
);
