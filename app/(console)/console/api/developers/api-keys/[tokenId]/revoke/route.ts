// POST /console/api/developers/api-keys/{tokenId}/revoke – revoke a key (admins); effective at once
import { consoleJson } from "@/lib/console/console-route.ts";
import { revokeApiToken } from "@/lib/console/developers/manage-api-keys.ts";

export const POST = consoleJson((context, _request, { tokenId }) => revokeApiToken(context, tokenId!));
