// GET /console/api/developers/api-keys – the tenant's API keys (prefixes only)
// POST /console/api/developers/api-keys – create a key (admins); the answer carries the token, once
import { consoleBody, consoleJson } from "@/lib/console/console-route.ts";
import { CreateTokenInput, createApiToken, listApiTokens } from "@/lib/console/developers/manage-api-keys.ts";

export const GET = consoleJson(async ({ tenant }) => ({ tokens: await listApiTokens(tenant.id) }));

export const POST = consoleJson(async (context, request) =>
  createApiToken(context, await consoleBody(request, CreateTokenInput)),
);
