// GET /console/api/developers/api-keys – the tenant's API keys (prefixes only)
// POST /console/api/developers/api-keys – create a key (admins); the answer carries the token, once
import { consoleRoute } from "@/lib/console/console-route.ts";
import { createApiToken, listApiTokens } from "@/lib/console/developers/manage-api-keys.ts";
import { apiKeyCreate, apiKeyList } from "@/lib/console/operations/developers.ts";

export const GET = consoleRoute(apiKeyList, async ({ tenant }) => ({ tokens: await listApiTokens(tenant.id) }));

export const POST = consoleRoute(apiKeyCreate, (context, { body }) => createApiToken(context, body));
