// POST /console/api/settings/business-ids – the business id whitelist (admins)
import { consoleRoute } from "@/lib/console/console-route.ts";
import { settingsBusinessIds } from "@/lib/console/operations/settings.ts";
import { updateBusinessIds } from "@/lib/console/settings/update-business-ids.ts";

export const POST = consoleRoute(settingsBusinessIds, (context, { body }) => updateBusinessIds(context, body));
