// The per-token API rate limit (issue 8): each token may make its tenant's rateLimitPerMinute
// requests per minute, counted in memory and shared with every instance through the database
// (lib/rate-limits/window-counter.ts), so the request path does no database work for it. Past it:
// 429 rate-limited with Retry-After. Every counted response says where the token stands
// (RateLimit-Limit / -Remaining / -Reset, as in the IETF draft "RateLimit header fields for HTTP").
import type { TenantContext } from "../auth/authenticate.ts";
import { countRequest, type WindowCount } from "../rate-limits/window-counter.ts";
import { AppError } from "../errors.ts";
import { setAnswerHeader } from "../http/text-response.ts";

export type RateLimitHeaders = Record<string, string>;

/** Counts the request against its token; throws 429 rate-limited once the token is over. */
export function limitApiRequest(context: TenantContext): RateLimitHeaders {
  const count = countRequest("api", context.tokenId, context.tenant.rateLimitPerMinute);
  const headers = rateLimitHeaders(count);
  if (!count.allowed) {
    throw new AppError(
      "rate-limited",
      `This API token has used its ${count.limit} requests per minute. Retry after ${count.resetSeconds} ` +
        `seconds (Retry-After); an admin of your team can see the limit in the console settings.`,
      { headers: { ...headers, "Retry-After": String(count.resetSeconds) } },
    );
  }
  return headers;
}

export function setRateLimitHeaders(response: Response, headers: RateLimitHeaders): void {
  for (const name in headers) setAnswerHeader(response, name, headers[name]!);
}

function rateLimitHeaders(count: WindowCount): RateLimitHeaders {
  return {
    "ratelimit-limit": String(count.limit),
    "ratelimit-remaining": String(count.remaining),
    "ratelimit-reset": String(count.resetSeconds),
  };
}
