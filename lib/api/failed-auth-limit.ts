// Requests with a missing or invalid API token, limited per client address: without a limit a
// script could send them, or try tokens, without ever being slowed down or showing up (every one
// answered 401). Past API_FAILED_AUTH_PER_MINUTE failures in the window, an address's further
// failures answer 429 rate-limited with Retry-After instead of 401, and count in the metrics. A
// valid token is never refused here: a tenant behind the same address as a prober keeps working.
// (Guessing a token is futile — 256 random bits — so the limit is about load and visibility.)
// Counted like the other limits (lib/rate-limits/window-counter.ts), shared by every instance.
import { clientAddress } from "../http/client-address.ts";
import { countRequest } from "../rate-limits/window-counter.ts";
import { AppError } from "../errors.ts";

export const DEFAULT_FAILED_AUTH_PER_MINUTE = 60;

export function failedAuthPerMinute(): number {
  const configured = Number(process.env.API_FAILED_AUTH_PER_MINUTE);
  return Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_FAILED_AUTH_PER_MINUTE;
}

/** Counts a failed authentication of this request's client; the error to answer with. */
export function failedAuthError(request: Request, unauthorized: AppError): AppError {
  const count = countRequest("api-auth-failed", clientAddress(request.headers), failedAuthPerMinute());
  if (count.allowed) return unauthorized;
  return new AppError(
    "rate-limited",
    `Too many requests without a valid API token from your address. Retry after ${count.resetSeconds} seconds.`,
    {
      headers: { "Retry-After": String(count.resetSeconds) },
    },
  );
}
