// X-Correlation-Id (spec 4): 20..64 characters, echoed in the response and used as traceId.
import { randomUUID } from "node:crypto";
import { AppError } from "../errors.ts";
import { requestHeader } from "../http/request-headers.ts";

export const CORRELATION_HEADER = "x-correlation-id";

/** The request's correlation id, or a fresh one; an invalid one is a 400 (with a fresh trace id). */
export function correlationId(request: Request): { traceId: string; error: AppError | null } {
  const sent = requestHeader(request, CORRELATION_HEADER);
  if (sent === null) return { traceId: randomUUID(), error: null };
  if (sent.length < 20 || sent.length > 64 || !/^[\x21-\x7e]+$/.test(sent)) {
    const message = "Must be 20 to 64 visible ASCII characters (a UUID is recommended).";
    return {
      traceId: randomUUID(),
      error: new AppError("validation-error", `X-Correlation-Id: ${message}`, {
        errors: [{ key: "X-Correlation-Id", value: message }],
      }),
    };
  }
  return { traceId: sent, error: null };
}
