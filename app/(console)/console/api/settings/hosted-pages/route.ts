// POST /console/api/settings/hosted-pages – brand, language and allowed redirect origins of the hosted pages (admins)
import { consoleRoute } from "@/lib/console/console-route.ts";
import { settingsHostedPages } from "@/lib/console/operations/settings.ts";
import { updateHostedPages } from "@/lib/console/settings/update-hosted-pages.ts";

export const POST = consoleRoute(settingsHostedPages, (context, { body }) => updateHostedPages(context, body));
