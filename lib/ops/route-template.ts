// The `http_route` label of a request: its route template, never the raw path, so that no id, token
// or user name becomes a label (each would be a new time series). API paths come with the params
// the router matched; pages are named by their known shapes; anything else is "other".
const HOSTED = new Set(["checkout", "connect", "pay", "status", "payout-account"]);
const CONSOLE_SECTIONS = new Set([
  "overview",
  "trades",
  "users",
  "business-users",
  "webhooks",
  "developers",
  "team",
  "settings",
  "api",
  "sign-in",
  "invitation",
]);
// The API reference's pages below /docs (app/docs): one per operation, webhook event and schema.
const DOCS_PAGES: Record<string, string> = {
  operations: "/docs/operations/{operationId}",
  webhooks: "/docs/webhooks/{event}",
  schemas: "/docs/schemas/{name}",
};

/** `/api/v1/marketplace/users/u1/trades/t1` with its params → `/api/v1/marketplace/users/{marketplaceUserId}/trades/{tradeId}`. */
export function apiRouteTemplate(pathname: string, params: Record<string, string>): string {
  const byValue = new Map(Object.entries(params).map(([name, value]) => [value, name]));
  return pathname
    .split("/")
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // a malformed escape is not a param value
      }
      const name = byValue.get(decoded);
      return name ? `{${name}}` : segment;
    })
    .join("/");
}

/** The template of a page or other non-API path. */
export function pageRouteTemplate(pathname: string): string {
  const [, first = "", second = "", third] = pathname.split("/");
  if (
    pathname === "/" ||
    pathname === "/docs" ||
    pathname === "/healthz" ||
    pathname === "/readyz" ||
    pathname === "/favicon.ico"
  )
    return pathname;
  if (first === "_next") return "/_next/*";
  if (first === "api") return "/api/*"; // an API path no route matched (404) or Next's own API routes
  if (HOSTED.has(first)) return third === undefined ? `/${first}/{token}` : `/${first}/{token}/{action}`;
  if (first === "track") return "/track/{carrier}/{code}";
  if (first === "docs") {
    if (second === "errors" && third === undefined) return "/docs/errors";
    return (third !== undefined && DOCS_PAGES[second]) || "other";
  }
  if (first === "console")
    return CONSOLE_SECTIONS.has(second) ? `/console/${second}${third === undefined ? "" : "/*"}` : "/console/*";
  return "other";
}
