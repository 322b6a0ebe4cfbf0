// POST /console/api/settings/rate-limit – change the API requests per minute per token (admins)
import { consoleRoute } from "@/lib/console/console-route.ts";
import { settingsRateLimit } from "@/lib/console/operations/settings.ts";
import { updateApiRateLimit } from "@/lib/console/settings/update-rate-limit.ts";

export const POST = consoleRoute(settingsRateLimit, (context, { body }) => updateApiRateLimit(context, body));
