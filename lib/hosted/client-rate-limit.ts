// The per-client limit of the hosted pages (page loads and form posts), applied in proxy.ts before
// a page renders or a link is looked up. A payer going through checkout makes a few dozen requests
// in a minute at most; a script hammering links makes hundreds. The limit is per client address
// across all tenants: the address is not any one tenant's, and the tenant is not known before the
// link is read. It is the operator's setting (HOSTED_RATE_LIMIT_PER_MINUTE, default 300), generous
// because payers behind one carrier-grade NAT share an address. Counted like the API's
// (lib/rate-limits/window-counter.ts): in memory, shared by every instance through the database.
import { clientAddress } from "../http/client-address.ts";
import { countRequest } from "../rate-limits/window-counter.ts";

export const DEFAULT_HOSTED_RATE_LIMIT_PER_MINUTE = 300;

export function hostedRateLimitPerMinute(): number {
  const configured = Number(process.env.HOSTED_RATE_LIMIT_PER_MINUTE);
  return Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_HOSTED_RATE_LIMIT_PER_MINUTE;
}

/** null when the request may go on; else the 429 to send (plain text, as the hosted forms' refusals). */
export function limitHostedRequest(request: Request): Response | null {
  const count = countRequest("hosted", clientAddress(request.headers), hostedRateLimitPerMinute());
  if (count.allowed) return null;
  return new Response("Too many requests from your network. Wait a minute, then reload the page.", {
    status: 429,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": String(count.resetSeconds),
    },
  });
}
