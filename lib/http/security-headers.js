// The headers every response carries, shared by next.config.js (pages, and the API when Next
// serves it) and scripts/serve.ts (the API when the production server serves it directly), so
// both paths answer with the same headers. Plain JavaScript: next.config.js imports it as is.

/** Every response: no MIME sniffing, no framing (payment pages must not be clickjacked), and a
 * referrer policy that never sends a hosted page's address (it holds the session token) to another
 * origin. (Not no-referrer: with it, Chrome sends Origin: null on form posts, which the hosted
 * forms' same-origin check rightly refuses.) */
export const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "same-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  // Browsers ignore it over plain http (local development); behind TLS it pins https.
  { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" },
];

/** The API and static files: a policy that allows nothing to run. Pages get theirs from proxy.ts. */
export const lockedDownPolicy = {
  key: "Content-Security-Policy",
  value: "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
};

const pageOnly = new Set(["Referrer-Policy", "Permissions-Policy", "Cross-Origin-Opener-Policy"]);

/**
 * The API's answers (JSON, never a document a browser renders): the headers OWASP's REST Security
 * Cheat Sheet asks of an API (no sniffing, no framing, HSTS, the locked-down policy; each route
 * sets Cache-Control and Content-Type). The page-only ones are left off: a referrer policy, the
 * features a page may use and the opener's isolation govern documents, and every client reads and
 * discards each header of every answer (measured on the benchmark's journey, docs/performance.md).
 */
export const apiSecurityHeaders = [...securityHeaders.filter(({ key }) => !pageOnly.has(key)), lockedDownPolicy];

/** A header set as one object with lower-case names, as node's writeHead takes it. */
const forWriteHead = (set) =>
  Object.freeze(Object.fromEntries(set.map(({ key, value }) => [key.toLowerCase(), value])));

/** apiSecurityHeaders for node's writeHead: the production server's API answers (lib/http/serve-api.ts). */
export const apiAnswerHeaders = forWriteHead(apiSecurityHeaders);
const pageAnswerHeaders = forWriteHead([...securityHeaders, lockedDownPolicy]);

/**
 * The security headers of an answer the production server makes itself, before any route (a 405,
 * an address that does not decode), as a new object for writeHead: the API's set on an API path,
 * as its routes' answers carry, and every page header with the locked-down policy elsewhere.
 */
export function refusalSecurityHeaders(pathname) {
  return { ...(pathname.startsWith("/api/") ? apiAnswerHeaders : pageAnswerHeaders) };
}
