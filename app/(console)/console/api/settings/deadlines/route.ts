// POST /console/api/settings/deadlines – change the tenant's deadlines (admins)
import { consoleBody, consoleJson } from "@/lib/console/console-route.ts";
import { DeadlinesBody } from "@/lib/console/settings/settings-rules.ts";
import { updateDeadlines } from "@/lib/console/settings/update-deadlines.ts";

export const POST = consoleJson(async (context, request) =>
  updateDeadlines(context, await consoleBody(request, DeadlinesBody)),
);
