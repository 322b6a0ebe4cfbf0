// POST /console/api/settings/hosted-pages – brand, language and allowed redirect origins of the hosted pages (admins)
import { consoleBody, consoleJson } from "@/lib/console/console-route.ts";
import { HostedPagesBody } from "@/lib/console/settings/settings-rules.ts";
import { updateHostedPages } from "@/lib/console/settings/update-hosted-pages.ts";

export const POST = consoleJson(async (context, request) =>
  updateHostedPages(context, await consoleBody(request, HostedPagesBody)),
);
