// What every resource helper shares: the typed openapi-fetch client, per-call options, and turning
// a failed answer into EscrowApiError.
import type { Client } from "openapi-fetch";
import { apiError } from "./errors.ts";
import type { components, operations, paths } from "./schema.ts";

export type Api = Client<paths>;
export type Schemas = components["schemas"];
/** The query parameters of an operation, by its operationId. */
export type QueryOf<K extends keyof operations> = NonNullable<operations[K]["parameters"]["query"]>;

/** Options every call takes. */
export interface CallOptions {
  /** For POSTs: your own Idempotency-Key (default: a random UUID per call, reused by its retries). */
  idempotencyKey?: string;
  /** Your id for the request (20..64 characters); the error record's traceId. */
  correlationId?: string;
  signal?: AbortSignal;
}

export function init(options: CallOptions = {}) {
  const headers: Record<string, string> = {};
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
  if (options.correlationId) headers["X-Correlation-Id"] = options.correlationId;
  return { headers, ...(options.signal ? { signal: options.signal } : {}) };
}

/** The answer's body, or EscrowApiError. */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw await apiError(response, error);
  return data as T;
}

/** A user's trade, as most trade calls address it. */
export interface TradeRef {
  /** The party acting (or reading): your id of the user. */
  marketplaceUserId: string;
  tradeId: string;
}

export const tradePath = ({ marketplaceUserId, tradeId }: TradeRef) => ({ path: { marketplaceUserId, tradeId } });
