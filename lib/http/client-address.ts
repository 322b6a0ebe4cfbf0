// The client's address, for per-client limits (hosted pages, console sign-in, failed API tokens).
// Resolved once, at the edge, by the production server (scripts/serve.ts) from the socket and,
// only behind proxies we trust, X-Forwarded-For (lib/http/trusted-proxies.ts). It travels to the
// route handlers, the proxy and next-auth in a header of our own, which the server always
// overwrites, so a client cannot choose it. Without it (`npm run dev` through Next, which does not
// tell route handlers the socket's address) every client is "unknown" and shares one budget.
export const CLIENT_ADDRESS_HEADER = "x-escrow-client-address";

export function clientAddress(headers: Headers | Record<string, string | string[] | undefined> | undefined): string {
  const value = headers instanceof Headers ? headers.get(CLIENT_ADDRESS_HEADER) : headers?.[CLIENT_ADDRESS_HEADER];
  const address = (Array.isArray(value) ? value[0] : value)?.trim();
  return address || "unknown";
}
