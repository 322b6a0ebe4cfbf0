// The application's one error class, used by all three faces (the API, the hosted pages and the
// console), and the one table from its codes to HTTP (docs/contract/decisions.md §2). Domain code throws
// AppError(code, detail); each face's route wrapper turns it into the spec's error record.

export const ERROR_CODES = {
  "validation-error": { status: 400, title: "The request is not valid" },
  "malformed-request": { status: 400, title: "The request could not be read" },
  unauthorized: { status: 401, title: "Missing or invalid API token" },
  forbidden: { status: 403, title: "Not allowed" },
  "not-found": { status: 404, title: "Not found" },
  "method-not-allowed": { status: 405, title: "Method not allowed" },
  "invalid-state": { status: 409, title: "Not allowed in the current state" },
  conflict: { status: 409, title: "Conflict" },
  "payee-not-connected": { status: 409, title: "The payee is not connected" },
  // Additive: the payer and the payee are connected as one verified person (lib/trades/distinct-parties.ts).
  "payer-is-payee": { status: 409, title: "The payer and the payee are the same person" },
  "idempotency-in-progress": { status: 409, title: "A request with this Idempotency-Key is still in progress" },
  "payload-too-large": { status: 413, title: "The request body is too large" },
  "idempotency-key-mismatch": { status: 422, title: "The Idempotency-Key was used with another request" },
  "rate-limited": { status: 429, title: "Too many requests" },
  "internal-error": { status: 500, title: "Internal error" },
  // Additive: the database connection was lost mid-request (a failover); retrying is safe.
  "service-unavailable": { status: 503, title: "Temporarily unavailable" },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** One offending field: key is its JSON path (`shipping.expectedMaxWeight`), value the message. */
export interface FieldError {
  key: string;
  value: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: FieldError[];
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    detail: string,
    options: { errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(detail);
    this.name = "AppError";
    this.code = code;
    this.errors = options.errors ?? [];
    this.headers = options.headers ?? {};
  }

  get status(): number {
    return ERROR_CODES[this.code].status;
  }

  /** A 400 validation-error about one field. */
  static field(key: string, message: string): AppError {
    return new AppError("validation-error", `${key}: ${message}`, { errors: [{ key, value: message }] });
  }

  /** 404, worded the same whether the object does not exist or belongs to another tenant. */
  static notFound(what: string): AppError {
    return new AppError("not-found", `${what} was not found.`);
  }
}
