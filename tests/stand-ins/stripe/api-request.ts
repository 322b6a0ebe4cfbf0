// One request to Stripe's API, start to finish: who is calling (API key, Stripe-Account), which
// operation, its parameters checked against the published schema, idempotency, the answer and
// `expand[]`, and Stripe's error body when anything is refused.
import type { IncomingMessage } from "node:http";
import { errorBody, invalidRequest, StripeApiError } from "./errors.ts";
import { expand } from "./expansion.ts";
import { decodeForm } from "./form-decoding.ts";
import type { IdempotencyStore, StoredResponse } from "./idempotency.ts";
import { newId } from "./ids.ts";
import type { JsonObject } from "./json.ts";
import { matchRoute } from "./routes.ts";
import type { RequestValidator } from "./validation.ts";
import type { Caller, World } from "./world.ts";

export interface ApiContext {
  world: World;
  validator: RequestValidator;
  idempotency: IdempotencyStore;
  /** When set, the only key accepted; otherwise any sk_test_/rk_test_ key. */
  apiKey: string | null;
}

export interface ApiAnswer extends StoredResponse {
  replayed: boolean;
}

function header(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name];
  return typeof value === "string" && value !== "" ? value : null;
}

function redact(key: string): string {
  return `${key.slice(0, 8)}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;
}

function apiKeyOf(request: IncomingMessage): string | null {
  const authorization = header(request, "authorization");
  if (!authorization) return null;
  if (authorization.startsWith("Bearer ")) return authorization.slice(7).trim();
  if (authorization.startsWith("Basic ")) {
    return Buffer.from(authorization.slice(6), "base64").toString("utf8").split(":")[0] ?? null;
  }
  return authorization;
}

function authenticate(context: ApiContext, request: IncomingMessage): string {
  const key = apiKeyOf(request);
  if (!key) {
    throw invalidRequest(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      {},
      401,
    );
  }
  const testKey = /^(sk|rk)_test_\w+$/.test(key);
  if (!testKey || (context.apiKey !== null && key !== context.apiKey)) {
    throw invalidRequest(`Invalid API Key provided: ${redact(key)}`, {}, 401);
  }
  return key;
}

function callerOf(context: ApiContext, request: IncomingMessage, key: string, requestId: string): Caller {
  const platform = context.world.state.platformAccountId;
  const requested = header(request, "stripe-account");
  const idempotencyKey = request.method === "POST" ? header(request, "idempotency-key") : null;
  const causing = { requestId, idempotencyKey };
  if (!requested || requested === platform) return { account: platform, isPlatform: true, request: causing };
  if (!context.world.state.accounts.has(requested)) {
    throw invalidRequest(
      `The provided key '${redact(key)}' does not have access to account '${requested}' (or that account does not exist). Application access may have been revoked.`,
      { code: "account_invalid" },
      403,
    );
  }
  return { account: requested, isPlatform: false, request: causing };
}

function json(
  status: number,
  body: object,
  requestId: string,
  request: IncomingMessage,
  apiVersion: string,
): StoredResponse {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "Request-Id": requestId,
    "Cache-Control": "no-cache, no-store",
    // Stripe answers in the version the request pinned, else the account's default.
    "Stripe-Version": header(request, "stripe-version") ?? apiVersion,
  };
  const key = header(request, "idempotency-key");
  if (key && request.method === "POST") headers["Idempotency-Key"] = key;
  // Stripe's bodies are indented by two spaces.
  return { status, headers, body: `${JSON.stringify(body, null, 2)}\n` };
}

export function answerApiRequest(context: ApiContext, request: IncomingMessage, url: URL, rawBody: string): ApiAnswer {
  const { world } = context;
  const requestId = newId("req");
  const method = request.method ?? "GET";
  let claimed: { account: string; key: string } | null = null;
  try {
    const key = authenticate(context, request);
    const matched = matchRoute(method, url.pathname);
    if (!matched) {
      throw invalidRequest(
        `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        {},
        404,
      );
    }
    const caller = callerOf(context, request, key, requestId);
    const form = decodeForm(method === "GET" ? url.search.slice(1) : rawBody);
    const params = context.validator.validate(matched.route.operation, form);
    const idempotencyKey = caller.request.idempotencyKey;
    if (idempotencyKey) {
      const outcome = context.idempotency.begin(caller.account, idempotencyKey, `${method} ${url.pathname}`, params);
      if (outcome.kind === "replay") {
        const headers = {
          ...outcome.response.headers,
          "Request-Id": requestId,
          "Idempotent-Replayed": "true",
          "Original-Request": outcome.response.headers["Request-Id"] ?? "",
        };
        return { ...outcome.response, headers, replayed: true };
      }
      claimed = { account: caller.account, key: idempotencyKey };
    }
    const object = matched.route.answer({ world, caller, params, path: matched.path });
    const expandPaths = Array.isArray(params.expand) ? params.expand.map(String) : [];
    world.ledger.refresh();
    const body = expand(world.state, caller.account, object, expandPaths) as JsonObject;
    const response = json(200, body, requestId, request, world.settings.apiVersion);
    if (claimed) context.idempotency.save(claimed.account, claimed.key, response);
    return { ...response, replayed: false };
  } catch (error) {
    const known = error instanceof StripeApiError;
    if (!known) console.error("stripe stand-in: unexpected failure", error);
    const status = known ? error.status : 500;
    const fields = known ? error.fields : { type: "api_error" as const, message: "An unknown error occurred" };
    const response = json(
      status,
      errorBody(fields, requestId, world.clock.now()),
      requestId,
      request,
      world.settings.apiVersion,
    );
    if (claimed) {
      // Stripe keeps the result of a request that ran, failure included, but not a 500.
      if (status < 500) context.idempotency.save(claimed.account, claimed.key, response);
      else context.idempotency.release(claimed.account, claimed.key);
    }
    return { ...response, replayed: false };
  }
}
