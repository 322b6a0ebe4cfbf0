// Stripe's error answers: `{ "error": { type, code?, param?, message, doc_url?, request_log_url } }`
// with the HTTP status Stripe gives each kind (docs.stripe.com/api/errors).
import type { JsonObject } from "./json.ts";

export type StripeErrorType = "api_error" | "card_error" | "idempotency_error" | "invalid_request_error";

export interface StripeErrorFields {
  type: StripeErrorType;
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
}

/** Thrown anywhere while a request is handled; the server turns it into Stripe's error body. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly fields: StripeErrorFields,
  ) {
    super(fields.message);
  }
}

export function errorBody(fields: StripeErrorFields, requestId: string, now: number): JsonObject {
  const error: JsonObject = {};
  if (fields.code) error.code = fields.code;
  if (fields.decline_code) error.decline_code = fields.decline_code;
  // Stripe links each coded error to its page, with dashes for underscores.
  if (fields.code) error.doc_url = `https://stripe.com/docs/error-codes/${fields.code.replace(/_/g, "-")}`;
  error.message = fields.message;
  if (fields.param) error.param = fields.param;
  error.request_log_url = `https://dashboard.stripe.com/test/logs/${requestId}?t=${now}`;
  error.type = fields.type;
  return { error };
}

export function invalidRequest(message: string, extra: { code?: string; param?: string } = {}, status = 400) {
  return new StripeApiError(status, { type: "invalid_request_error", message, ...extra });
}

/** "No such payment_intent: 'pi_123'", 404, code resource_missing, as Stripe answers unknown ids. */
export function resourceMissing(objectName: string, id: string, param: string) {
  return invalidRequest(`No such ${objectName}: '${id}'`, { code: "resource_missing", param }, 404);
}

export function balanceInsufficient(message: string) {
  return invalidRequest(message, { code: "balance_insufficient" });
}
