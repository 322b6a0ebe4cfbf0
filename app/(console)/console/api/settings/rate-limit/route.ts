// POST /console/api/settings/rate-limit – change the API requests per minute per token (admins)
import { consoleBody, consoleJson } from "@/lib/console/console-route.ts";
import { RateLimitBody } from "@/lib/console/settings/settings-rules.ts";
import { updateApiRateLimit } from "@/lib/console/settings/update-rate-limit.ts";

export const POST = consoleJson(async (context, request) =>
  updateApiRateLimit(context, await consoleBody(request, RateLimitBody)),
);
