// The one error the Shipmondo adapter throws for a call that did not go through. Its `kind` says what
// the caller can do about it: `unreachable` and `timeout` and `server_error` may be retried (a
// shipment is found by our reference before it is bought again, create-shipment.ts), the others
// will fail the same way again. The message names the call and what Shipmondo said, never the API
// user or key: it is built only from our own words and Shipmondo's `error` text, and that text is
// scrubbed of both credentials in case an answer ever echoes them.
export type ShipmondoErrorKind =
  "unreachable" | "timeout" | "unauthorized" | "not_found" | "rejected" | "server_error" | "bad_response";

const RETRYABLE: ReadonlySet<ShipmondoErrorKind> = new Set(["unreachable", "timeout", "server_error"]);

export class ShipmondoError extends Error {
  override readonly name = "ShipmondoError";
  readonly kind: ShipmondoErrorKind;
  /** Shipmondo's HTTP status, when it answered at all. */
  readonly status: number | null;

  constructor(kind: ShipmondoErrorKind, message: string, status: number | null = null) {
    super(message);
    this.kind = kind;
    this.status = status;
  }

  /** Whether the same call may succeed later without changing it. */
  get retryable(): boolean {
    return RETRYABLE.has(this.kind);
  }
}

/** `text` with every occurrence of the secrets replaced, for messages that quote another party. */
export function redact(text: string, secrets: readonly string[]): string {
  return secrets
    .filter((secret) => secret.length > 0)
    .reduce((out, secret) => out.split(secret).join("[redacted]"), text);
}
