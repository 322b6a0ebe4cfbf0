// The OpenAPI 3.1 document, generated from the same zod schemas that validate requests.
import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { publicBaseUrl } from "../config.ts";
import { ErrorRecordSchema } from "./error-record.ts";
import { ERROR_CODES, type ErrorCode } from "../errors.ts";
import type { Operation } from "./operation.ts";
import { webhookEntries } from "./openapi-webhooks.ts";
import { OPERATIONS } from "./operations-index.ts";

const CorrelationHeader = z.string().min(20).max(64).optional().meta({
  description:
    "Your id for this request (20..64 characters, UUID recommended); echoed in the response and used as the error record's traceId.",
});

const IdempotencyHeader = z.string().min(1).max(255).optional().meta({
  description:
    "Makes a retried POST safe: the first response for a key is replayed for 24 hours; the same key with another body answers 422.",
});

// lib/api/token-rate-limit.ts: every answer to a valid token carries where the token stands; a 429 also
// says when to retry.
const RateLimitHeaders = z.object({
  "RateLimit-Limit": z
    .int()
    .min(1)
    .meta({ description: "Requests this token may make per minute (the tenant's setting)." }),
  "RateLimit-Remaining": z.int().min(0).meta({ description: "Requests left in the current one-minute window." }),
  "RateLimit-Reset": z.int().min(1).meta({ description: "Seconds until the window ends and the count starts again." }),
});
const RetryAfterHeaders = RateLimitHeaders.extend({
  "Retry-After": z
    .int()
    .min(1)
    .meta({ description: "Seconds to wait before the token's requests are accepted again." }),
});

// Refusals after the token was accepted carry its rate-limit headers too (not a 401, which has no
// token to count); a 429 and a 503 say when to retry.
const AfterTokenHeaders = RateLimitHeaders.partial();
const UnavailableHeaders = AfterTokenHeaders.extend({
  "Retry-After": z
    .int()
    .min(1)
    .meta({ description: "Seconds to wait before retrying (a database failover takes a few)." }),
});

function errorHeaders(status: number) {
  if (status === 401) return {};
  if (status === 429) return { headers: RetryAfterHeaders };
  if (status === 503) return { headers: UnavailableHeaders };
  return { headers: AfterTokenHeaders };
}

const DownloadHeaders = RateLimitHeaders.extend({
  "Content-Disposition": z
    .string()
    .meta({ description: '`attachment; filename="…"`: the name to save the file under.' }),
});

function errorResponses(codes: ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = ERROR_CODES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus.entries()].map(([status, list]) => [
      String(status),
      {
        description: `${list.map((code) => `\`${code}\` (${ERROR_CODES[code].title.toLowerCase()})`).join(", ")}`,
        content: { "application/json": { schema: ErrorRecordSchema } },
        ...errorHeaders(status),
      },
    ]),
  );
}

// The wrapper rate-limits every token, reads a body on every method but GET, and honours
// Idempotency-Key on every POST (lib/api/route.ts), so those answers are possible whatever the
// operation lists itself.
const LIVE_NOTE =
  " With a live token this answers 403 `forbidden` while the deployment runs a simulated payment rail, eID or carrier " +
  "(it connects a person, takes money or pays out); the detail names what is missing.";

function documentedErrors(operation: Operation): ErrorCode[] {
  const errors: ErrorCode[] = [...operation.errors, "rate-limited"];
  if (operation.method !== "GET") errors.push("malformed-request", "payload-too-large");
  if (operation.method === "POST") errors.push("idempotency-in-progress", "idempotency-key-mismatch");
  if (operation.liveNeeds && !errors.includes("forbidden")) errors.push("forbidden");
  return errors;
}

function toOpenApi(operation: Operation): ZodOpenApiOperationObject {
  const status = String(operation.successStatus ?? 200);
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    description: operation.liveNeeds ? `${operation.description ?? ""}${LIVE_NOTE}`.trim() : operation.description,
    tags: operation.tags,
    requestParams: {
      ...(operation.params ? { path: operation.params as never } : {}),
      ...(operation.query ? { query: operation.query as never } : {}),
      header: z.object(
        operation.method === "POST"
          ? { "X-Correlation-Id": CorrelationHeader, "Idempotency-Key": IdempotencyHeader }
          : { "X-Correlation-Id": CorrelationHeader },
      ),
    },
    ...(operation.body
      ? { requestBody: { required: true, content: { "application/json": { schema: operation.body } } } }
      : {}),
    responses: {
      [status]: operation.download
        ? {
            description: operation.responseDescription ?? "A file",
            headers: DownloadHeaders,
            content: Object.fromEntries(operation.download.map((type) => [type, { schema: z.string() }])),
          }
        : operation.response
          ? {
              description: operation.responseDescription ?? "Success",
              headers: RateLimitHeaders,
              content: { "application/json": { schema: operation.response } },
            }
          : { description: operation.responseDescription ?? "Success, no content", headers: RateLimitHeaders },
      ...errorResponses(documentedErrors(operation)),
    },
  };
}

let cached: ReturnType<typeof createDocument> | null = null;

export function openApiDocument(): ReturnType<typeof createDocument> {
  if (cached) return cached;
  const paths: ZodOpenApiPathsObject = {};
  for (const operation of OPERATIONS) {
    paths[operation.path] = { ...paths[operation.path], [operation.method.toLowerCase()]: toOpenApi(operation) };
  }
  cached = createDocument({
    openapi: "3.1.0",
    info: {
      title: "Marketplace Escrow Trade Service API",
      version: "1.0.0",
      description:
        "Marketplaces (tenants) let their users buy from each other with the buyer's money held in " +
        "escrow until the item arrives and is accepted. Every call carries `Authorization: Bearer " +
        "<API token>`; test tokens (`esk_test_…`) work on sandbox data, live tokens (`esk_live_…`) " +
        "on real money. Every failure answers the error record. Each token may make its tenant's " +
        "number of requests per minute (1,200 unless agreed otherwise; console settings): every " +
        "answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds), " +
        "and a token over its limit gets 429 `rate-limited` with `Retry-After` (seconds) until the " +
        "minute's window ends.",
    },
    servers: [{ url: `${publicBaseUrl()}/api`, description: "This server" }],
    security: [{ bearerAuth: [] }],
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "An API token: esk_test_… (sandbox) or esk_live_…" },
      },
    },
    tags: [
      {
        name: "Trades",
        description:
          "Initiate trades and follow them through contract, delivery, return and finish (state " +
          "machine: docs/states.md). The integer codes of a Trade (iconId, action type, timeline " +
          "state, labelPaidBy) are enums in the schemas below, each with its meaning.",
      },
      { name: "Payments", description: "Payments into escrow and for shipping labels (payment records)." },
      {
        name: "Payouts",
        description:
          "Additive: each try at paying a settled trade's payee, with its state and the bank statement's reference (decisions.md §9).",
      },
      {
        name: "Exports",
        description:
          "Additive: trades, payouts and ledger movements of a time range as CSV or JSON lines, streamed (docs/money.md, Exports).",
      },
      {
        name: "Balance",
        description:
          "Additive: the money held, owed and earned, and the ledger transfers that explain it (decisions.md §9; docs/money.md).",
      },
      { name: "Shipments", description: "Shipping labels from `gls` or `postnord` for the delivery and the return." },
      {
        name: "Business users",
        description: "Company sellers with a payout account; only whitelisted company registration numbers.",
      },
      { name: "Users", description: "Connect marketplace users to the service and read their details." },
      {
        name: "Webhooks",
        description:
          "Subscriptions, the delivery log and redelivery. Deliveries are signed per Standard " +
          "Webhooks (webhook-id, webhook-timestamp, webhook-signature); see docs/webhooks.md.",
      },
      {
        name: "Sandbox",
        description: "Test-mode helpers that stand in for payers, carriers and the clock. Live tokens get 403.",
      },
    ],
    paths,
    webhooks: webhookEntries(),
  });
  return cached;
}
