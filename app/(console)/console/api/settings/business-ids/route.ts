// POST /console/api/settings/business-ids – the business id whitelist (admins)
import { consoleBody, consoleJson } from "@/lib/console/console-route.ts";
import { BusinessIdsBody } from "@/lib/console/settings/settings-rules.ts";
import { updateBusinessIds } from "@/lib/console/settings/update-business-ids.ts";

export const POST = consoleJson(async (context, request) =>
  updateBusinessIds(context, await consoleBody(request, BusinessIdsBody)),
);
