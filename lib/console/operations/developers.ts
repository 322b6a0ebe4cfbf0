// The console's developer endpoints: API keys and the log of API calls.
import type { ApiTokenView, createApiToken, revokeApiToken } from "../developers/manage-api-keys.ts";
import { CreateTokenInput } from "../developers/api-token-input.ts";
import type { revealApiToken } from "../developers/reveal-api-token.ts";
import type { listRequestLog, RequestLogEntry } from "../developers/list-request-log.ts";
import { RequestLogFilters } from "../developers/request-log-filters.ts";
import { consoleOperation, type ResultOf } from "./operation.ts";

export const apiKeyList = consoleOperation<{ tokens: ApiTokenView[] }>()({
  method: "GET",
  path: "/console/api/developers/api-keys",
});

export const apiKeyCreate = consoleOperation<ResultOf<typeof createApiToken>>()({
  method: "POST",
  path: "/console/api/developers/api-keys",
  body: CreateTokenInput,
});

export const apiKeyRevoke = consoleOperation<ResultOf<typeof revokeApiToken>>()({
  method: "POST",
  path: "/console/api/developers/api-keys/{tokenId}/revoke",
});

export const apiKeyReveal = consoleOperation<ResultOf<typeof revealApiToken>>()({
  method: "POST",
  path: "/console/api/developers/api-keys/{tokenId}/reveal",
});

export const requestLogList = consoleOperation<ResultOf<typeof listRequestLog>>()({
  method: "GET",
  path: "/console/api/developers/request-log",
  query: RequestLogFilters,
});

export const requestLogEntry = consoleOperation<RequestLogEntry>()({
  method: "GET",
  path: "/console/api/developers/request-log/{entryId}",
});
