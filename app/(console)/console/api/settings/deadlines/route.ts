// POST /console/api/settings/deadlines – change the tenant's deadlines (admins)
import { consoleRoute } from "@/lib/console/console-route.ts";
import { settingsDeadlines } from "@/lib/console/operations/settings.ts";
import { updateDeadlines } from "@/lib/console/settings/update-deadlines.ts";

export const POST = consoleRoute(settingsDeadlines, (context, { body }) => updateDeadlines(context, body));
