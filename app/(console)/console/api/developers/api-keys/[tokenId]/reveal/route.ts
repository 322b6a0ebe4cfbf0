// POST /console/api/developers/api-keys/{tokenId}/reveal – show an active sandbox key again (admins; never a live key)
import { consoleJson } from "@/lib/console/console-route.ts";
import { revealApiToken } from "@/lib/console/developers/reveal-api-token.ts";

export const POST = consoleJson((context, _request, { tokenId }) => revealApiToken(context, tokenId!));
