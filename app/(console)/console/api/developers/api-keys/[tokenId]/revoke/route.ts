// POST /console/api/developers/api-keys/{tokenId}/revoke – revoke a key (admins); effective at once
import { consoleRoute } from "@/lib/console/console-route.ts";
import { revokeApiToken } from "@/lib/console/developers/manage-api-keys.ts";
import { apiKeyRevoke } from "@/lib/console/operations/developers.ts";

export const POST = consoleRoute(apiKeyRevoke, (context, { params }) => revokeApiToken(context, params.tokenId));
