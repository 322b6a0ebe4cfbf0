// POST /console/api/developers/api-keys/{tokenId}/reveal – show an active sandbox key again (admins; never a live key)
import { consoleRoute } from "@/lib/console/console-route.ts";
import { revealApiToken } from "@/lib/console/developers/reveal-api-token.ts";
import { apiKeyReveal } from "@/lib/console/operations/developers.ts";

export const POST = consoleRoute(apiKeyReveal, (context, { params }) => revealApiToken(context, params.tokenId));
