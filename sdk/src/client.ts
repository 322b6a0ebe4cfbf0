// createEscrowClient: the typed openapi-fetch client over the retrying fetch, with the resource
// helpers that read like the domain.
import createClient from "openapi-fetch";
import { moneyResources } from "./money.ts";
import type { Api } from "./http.ts";
import { retryingFetch, type RetryOptions } from "./retry.ts";
import { sandboxResource } from "./sandbox.ts";
import type { paths } from "./schema.ts";
import { tradesResource } from "./trades.ts";
import { businessUsersResource, usersResource } from "./users.ts";
import { webhooksResource } from "./webhook-resources.ts";

export interface EscrowClientOptions extends RetryOptions {
  /** The service's address, e.g. `http://localhost:3000` (`…/api` works too). */
  baseUrl: string;
  /** An API token: `esk_test_…` (sandbox) or `esk_live_…`. */
  token: string;
  /** A fetch to use instead of the global one (a proxy agent, a test's fault injection). */
  fetch?: (request: Request) => Promise<Response>;
  /** Extra headers on every request. */
  headers?: Record<string, string>;
}

/** `http://host`, `http://host/api`, `http://host/api/v1` → `http://host/api` (paths start with /v1). */
function apiBase(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, "").replace(/\/v1$/, "");
  return trimmed.endsWith("/api") ? trimmed : `${trimmed}/api`;
}

export function createEscrowClient(options: EscrowClientOptions) {
  if (!options.token) throw new TypeError("createEscrowClient: token is required (esk_test_… or esk_live_…)");
  const base = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const api: Api = createClient<paths>({
    baseUrl: apiBase(options.baseUrl),
    fetch: retryingFetch(base, options),
    headers: { ...options.headers, Authorization: `Bearer ${options.token}` },
  });
  return {
    trades: tradesResource(api),
    users: usersResource(api),
    businessUsers: businessUsersResource(api),
    ...moneyResources(api),
    webhooks: webhooksResource(api),
    sandbox: sandboxResource(api),
    /** The typed openapi-fetch client itself, for anything the helpers do not cover:
     *  `client.raw.GET("/v1/marketplace/balance")` answers `{ data, error, response }`. */
    raw: api,
  };
}

export type EscrowClient = ReturnType<typeof createEscrowClient>;
