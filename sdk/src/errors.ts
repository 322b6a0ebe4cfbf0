// The API's failures as one error class carrying the spec's error record (title, detail, status,
// errors[], traceId, typeCode), and the one for when no answer came back at all.
import type { components } from "./schema.ts";

export type ErrorRecord = components["schemas"]["ErrorRecord"];
export type ErrorTypeCode = ErrorRecord["typeCode"];
export type FieldError = ErrorRecord["errors"][number];

/** A call the service answered with a failure (4xx or 5xx, after any retries). */
export class EscrowApiError extends Error {
  /** HTTP status, as in the record. */
  readonly status: number;
  /** Machine-readable error type: `validation-error`, `invalid-state`, `not-found`, … */
  readonly typeCode: ErrorTypeCode;
  /** One entry per offending field (`key` is its JSON path); empty when not about a field. */
  readonly errors: FieldError[];
  readonly title: string;
  readonly detail: string;
  /** The request's X-Correlation-Id: quote it to support. */
  readonly traceId: string;
  /** Seconds the service asked to wait (429, 503), when it said. */
  readonly retryAfter: number | undefined;
  /** The whole record as the service sent it. */
  readonly record: ErrorRecord;
  readonly response: Response;

  constructor(record: ErrorRecord, response: Response) {
    super(`${record.status} ${record.typeCode}: ${record.detail}`);
    this.name = "EscrowApiError";
    this.record = record;
    this.status = record.status;
    this.typeCode = record.typeCode;
    this.errors = record.errors;
    this.title = record.title;
    this.detail = record.detail;
    this.traceId = record.traceId;
    this.response = response;
    const retryAfter = Number(response.headers.get("retry-after"));
    this.retryAfter = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined;
  }

  /** Alias of typeCode, as other SDKs name it. */
  get code(): ErrorTypeCode {
    return this.typeCode;
  }
}

/** No answer reached us (connection refused or reset, DNS, timeout) after every attempt. */
export class EscrowConnectionError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = "EscrowConnectionError";
  }
}

/** Reads a failed answer into EscrowApiError; an answer that is not an error record (a proxy's
 *  HTML page) still becomes one, with typeCode from the status. */
export async function apiError(response: Response, body?: unknown): Promise<EscrowApiError> {
  let record =
    body ??
    (await response
      .clone()
      .json()
      .catch(() => undefined));
  if (!isErrorRecord(record)) {
    const text =
      typeof record === "string"
        ? record
        : await response
            .clone()
            .text()
            .catch(() => "");
    record = {
      title: response.statusText || "Request failed",
      detail: text.slice(0, 500) || `HTTP ${response.status}`,
      status: response.status,
      errors: [],
      traceId: response.headers.get("x-correlation-id") ?? "",
      typeCode:
        response.status >= 500
          ? "internal-error"
          : response.status === 429
            ? "rate-limited"
            : response.status === 404
              ? "not-found"
              : "malformed-request",
    } satisfies ErrorRecord;
  }
  return new EscrowApiError(record as ErrorRecord, response);
}

function isErrorRecord(value: unknown): value is ErrorRecord {
  return typeof value === "object" && value !== null && "typeCode" in value && "status" in value && "detail" in value;
}
