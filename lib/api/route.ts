// The one wrapper every v1 route uses (docs/contributing.md, Layers):
// correlation id → auth → tenant → rate limit → parse params/query/body → idempotency → handle → serialize,
// and every failure as the spec's error record (decisions.md §2).
import { z } from "zod";
import { authenticate, type TenantContext } from "../auth/authenticate.ts";
import { tenantNow } from "../clock.ts";
import { correlationId } from "./correlation.ts";
import { errorRecord, internalErrorRecord } from "./error-record.ts";
import { AppError, type FieldError } from "../errors.ts";
import { failedAuthError } from "./failed-auth-limit.ts";
import { takeTenantShare } from "./tenant-fairness.ts";
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  idempotencyKey,
  releaseIdempotencyKey,
  requestFingerprint,
} from "./idempotency.ts";
import type { Operation } from "./operation.ts";
import { limitApiRequest, setRateLimitHeaders, type RateLimitHeaders } from "./token-rate-limit.ts";
import { clientSignal } from "../http/client-signal.ts";
import { NO_BODY, readJsonBody } from "../http/request-body.ts";
import { requestHeader } from "../http/request-headers.ts";
import { PreparedJson } from "../prepared-json.ts";
import { setAnswerHeader, textResponse } from "../http/text-response.ts";
import { logApiRequest } from "./write-request-log.ts";
import { parseOrThrow, unsafeInputProblems, validationError } from "../schemas/validation.ts";
import { isConnectionLost } from "../db/connection-lost.ts";
import { noteTenantWrite } from "../db/read-target.ts";
import { loggableError } from "../ops/loggable-error.ts";
import { Download } from "../exports/download.ts";
import { log } from "../ops/log.ts";
import { assertLiveModeOpen } from "../outside-parties.ts";
import type { Locale } from "../locale.ts";
import { pickLocale } from "../i18n/index.ts";

const NO_FIELDS = z.strictObject({});
const JSON_TYPE = { "content-type": "application/json" };

export interface HandlerContext<P, Q, B> extends TenantContext {
  params: P;
  query: Q;
  body: B;
  traceId: string;
  /** The tenant's time (the sandbox clock applies to test mode). */
  now: Date;
  /** The language of the answer's texts: the request's Accept-Language, else the tenant's. */
  locale: Locale;
  /** Aborted when the client goes away (a long poll stops waiting). */
  signal: AbortSignal;
  /**
   * Runs a wait that holds no database connection (a long poll between its queries) outside the
   * tenant's share of the server (lib/api/tenant-fairness.ts), so that it does not idle in a slot.
   */
  idle: <T>(wait: () => Promise<T>) => Promise<T>;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

type RouteContext = { params: Promise<Record<string, string | string[]>> };

export function apiRoute<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  operation: Operation<P, Q, B, R>,
  handler: (context: HandlerContext<Out<P>, Out<Q>, Out<B>>) => Promise<In<R> | PreparedJson>,
): (request: Request, context: RouteContext) => Promise<Response> {
  return async (request, routeContext) => {
    const started = performance.now();
    const { traceId, error: correlationError } = correlationId(request);
    let tenantContext: TenantContext | null = null;
    let response: Response;
    let typeCode: string | null = null;
    let rateLimit: RateLimitHeaders = {};
    try {
      if (correlationError) throw correlationError;
      tenantContext = await authenticate(requestHeader(request, "authorization")).catch((error: unknown) => {
        throw error instanceof AppError && error.code === "unauthorized" ? failedAuthError(request, error) : error;
      });
      rateLimit = limitApiRequest(tenantContext);
      if (operation.sandboxOnly && tenantContext.mode !== "test") {
        throw new AppError("forbidden", "Sandbox operations need a test-mode token (esk_test_…).");
      }
      if (operation.liveNeeds) assertLiveModeOpen(tenantContext.mode, operation.liveNeeds);
      // One tenant's flood waits in its own lane instead of taking every database connection.
      const share = await takeTenantShare(tenantContext.tenant.id);
      try {
        const context = tenantContext;
        response = await retryReadsAfterConnectionLoss(request, () =>
          handle(operation, handler, request, routeContext, context, traceId, share.idle),
        );
      } finally {
        share.release();
        // Its next list reads on this server see what it just wrote (lib/db/read-target.ts).
        if (request.method !== "GET" && request.method !== "HEAD") noteTenantWrite(tenantContext.tenant.id);
      }
    } catch (error) {
      response = failure(error, traceId, operation.operationId);
      typeCode = error instanceof AppError ? error.code : "internal-error";
    }
    setAnswerHeader(response, "x-correlation-id", traceId);
    setAnswerHeader(response, "cache-control", "no-store");
    setRateLimitHeaders(response, rateLimit);
    if (tenantContext) logRequest(tenantContext, request, response.status, typeCode, started, traceId);
    log.request({
      method: request.method,
      route: `/api${operation.path}`,
      status: response.status,
      durationMs: Math.round(performance.now() - started),
      tenantId: tenantContext?.tenant.id ?? null,
      correlationId: traceId,
    });
    return response;
  };
}

async function handle<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  operation: Operation<P, Q, B, R>,
  handler: (context: HandlerContext<Out<P>, Out<Q>, Out<B>>) => Promise<In<R> | PreparedJson>,
  request: Request,
  routeContext: RouteContext,
  tenantContext: TenantContext,
  traceId: string,
  idle: HandlerContext<unknown, unknown, unknown>["idle"],
): Promise<Response> {
  const url = new URL(request.url);
  const rawParams = await routeContext.params;
  const body = operation.body || request.method !== "GET" ? await readJsonBody(request) : { json: NO_BODY, text: "" };

  // Every problem of the request at once: params, query, body and the Idempotency-Key header.
  // Input no schema should have to think about (NUL characters, absurd nesting) is refused first.
  const rawQuery = Object.fromEntries(url.searchParams);
  const unsafe = [
    ...unsafeInputProblems(rawParams),
    ...unsafeInputProblems(rawQuery),
    ...(body.json === NO_BODY ? [] : unsafeInputProblems(body.json)),
  ];
  if (unsafe.length) throw validationError(unsafe);
  const problems: FieldError[] = [];
  const params = operation.params ? tryParse(operation.params, rawParams, "", problems) : undefined;
  const query = operation.query ? tryParse(operation.query, rawQuery, "", problems) : undefined;
  let parsedBody: unknown;
  if (operation.body) {
    if (body.json === NO_BODY) problems.push({ key: "body", value: "A JSON request body is required." });
    else parsedBody = tryParse(operation.body, body.json, "", problems);
  } else if (body.json !== NO_BODY) {
    // An operation without a body takes none, or `{}`: a field sent to it is refused as an unknown
    // field is everywhere else, rather than ignored as if the caller's intent had been heard.
    tryParse(NO_FIELDS, body.json, "", problems);
  }
  const key = request.method === "POST" ? tryIdempotencyKey(request, problems) : null;
  if (problems.length) throw validationError(problems);

  const scope = { tenantId: tenantContext.tenant.id, mode: tenantContext.mode };
  const claim = key
    ? await claimIdempotencyKey(
        scope,
        key,
        request.method,
        url.pathname,
        requestFingerprint(request.method, url.pathname, body.text),
      )
    : null;
  if (claim?.kind === "replay") {
    return new Response(claim.response.body || null, {
      status: claim.response.status,
      headers: { "Content-Type": "application/json", "Idempotent-Replayed": "true" },
    });
  }
  try {
    const result = await handler({
      ...tenantContext,
      params: params as Out<P>,
      query: query as Out<Q>,
      body: parsedBody as Out<B>,
      traceId,
      now: tenantNow(tenantContext.tenant, tenantContext.mode),
      locale: pickLocale(requestHeader(request, "accept-language"), tenantContext.tenant.locale),
      signal: clientSignal(request),
      idle,
    });
    // A file streams as it is read; nothing of it is kept for an idempotent replay (only GETs answer
    // files). The tenant's slot is freed when the answer starts, not when the file ends: a download
    // uses one connection for a moment per batch, and holding the slot for minutes would queue the
    // tenant's other calls behind its own exports.
    if (result instanceof Download) return result.response();
    const status = operation.successStatus ?? 200;
    const text = status === 204 ? "" : result instanceof PreparedJson ? result.bytes : JSON.stringify(result);
    if (claim) await completeIdempotencyKey(claim.recordId, { status, body: text.toString() });
    return textResponse(request, text, { status, headers: status === 204 ? {} : JSON_TYPE });
  } catch (error) {
    if (claim) {
      // A refused request (4xx) is the answer to this key; a failure on our side is not.
      if (error instanceof AppError && error.status < 500) {
        await completeIdempotencyKey(claim.recordId, {
          status: error.status,
          body: JSON.stringify(errorRecord(error, traceId)),
        });
      } else {
        await releaseIdempotencyKey(claim.recordId).catch(() => {});
      }
    }
    throw error;
  }
}

function tryIdempotencyKey(request: Request, problems: FieldError[]): string | null {
  try {
    return idempotencyKey(request);
  } catch (error) {
    if (error instanceof AppError) problems.push(...error.errors);
    else throw error;
    return null;
  }
}

function tryParse(schema: z.ZodType, input: unknown, prefix: string, problems: FieldError[]): unknown {
  try {
    return parseOrThrow(schema, input, prefix);
  } catch (error) {
    if (error instanceof AppError) problems.push(...error.errors);
    else throw error;
    return undefined;
  }
}

export function failure(error: unknown, traceId: string, where: string): Response {
  if (isConnectionLost(error)) {
    log.error(`[${traceId}] ${where}: the database connection was lost`, error, { correlationId: traceId });
    error = new AppError(
      "service-unavailable",
      "The database connection was lost during the request (a failover takes a few seconds). " +
        "Retry: with the same Idempotency-Key, or checkoutUniquenessKey for Initiate trade, the " +
        "work is done at most once.",
      { headers: { "Retry-After": "1" } },
    );
  }
  if (error instanceof AppError) {
    return Response.json(errorRecord(error, traceId), { status: error.status, headers: error.headers });
  }
  // Unknown errors: the log gets everything, the caller only the trace id.
  console.error(`[${traceId}] ${where} failed:`, loggableError(error));
  return Response.json(internalErrorRecord(traceId), { status: 500 });
}

// A read changes nothing, so a read whose connection died is simply tried again, for up to about
// 4 s: the time PgBouncer and HAProxy need to reach a new primary after a crash (docs/reliability.md).
// Writes are not retried here: whether their commit landed is unknown, so the caller decides,
// with its Idempotency-Key or checkoutUniquenessKey, and the compare-and-set of every transition
// makes a repeated one a refusal, never a second effect.
const READ_RETRY_DELAYS_MS = [100, 300, 600, 1_000, 2_000];

export async function retryReadsAfterConnectionLoss(
  request: Request,
  attempt: () => Promise<Response>,
): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") return attempt();
  for (const delay of READ_RETRY_DELAYS_MS) {
    try {
      return await attempt();
    } catch (error) {
      if (!isConnectionLost(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  return attempt();
}

function logRequest(
  context: TenantContext,
  request: Request,
  status: number,
  typeCode: string | null,
  started: number,
  traceId: string,
) {
  // Losing a line of the request log is acceptable, slowing the call is not: it is written in batches.
  logApiRequest({
    tenantId: context.tenant.id,
    mode: context.mode,
    tokenId: context.tokenId,
    method: request.method,
    path: new URL(request.url).pathname,
    status,
    durationMs: Math.round(performance.now() - started),
    correlationId: traceId,
    typeCode,
    createdAt: new Date(),
  });
}
