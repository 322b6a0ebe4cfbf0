// An API operation: its address, schemas and documented errors. The same object drives request
// validation (route.ts), the TypeScript types of the handler and the OpenAPI document (openapi.ts).
import type { z } from "zod";
import type { OutsideParty } from "../outside-parties.ts";
import type { ErrorCode } from "../errors.ts";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Operation<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI path below the base address `<origin>/api`, e.g. `/v1/marketplace/users/{marketplaceUserId}`. */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  params?: P;
  query?: Q;
  body?: B;
  /** Response body; omitted for 204. */
  response?: R;
  /** A file instead of JSON: the handler answers a Download in one of these media types. */
  download?: readonly string[];
  responseDescription?: string;
  successStatus?: 200 | 201 | 204;
  /** Failures documented for this operation beyond the ones every operation can answer. */
  errors: ErrorCode[];
  /** Sandbox operations answer 403 to live tokens. */
  sandboxOnly?: boolean;
  /**
   * The outside parties this operation relies on when it connects a person, takes money or pays
   * out. With a live token it answers 403 while any of them (or the payment rail or the eID) is
   * simulated: lib/outside-parties.ts.
   */
  liveNeeds?: readonly OutsideParty[];
}

export function defineOperation<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  operation: Operation<P, Q, B, R>,
): Operation<P, Q, B, R> {
  return operation;
}

/** Errors that every authenticated operation can answer. */
export const COMMON_ERRORS: ErrorCode[] = [
  "validation-error",
  "unauthorized",
  "rate-limited",
  "internal-error",
  "service-unavailable",
];

/** Errors of every operation that takes a POST body. */
export const POST_ERRORS: ErrorCode[] = [
  ...COMMON_ERRORS,
  "malformed-request",
  "payload-too-large",
  "idempotency-in-progress",
  "idempotency-key-mismatch",
];
