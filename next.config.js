// Next.js configuration. The embedded database is owned by the launcher process (scripts/run.ts),
// never by the Next server, so nothing here opens PGlite.

// Every response gets the security headers of lib/http/security-headers.js (the API's shared with
// the production server's direct API path, scripts/serve.ts). Pages get their Content-Security-Policy,
// with a fresh nonce per request, from proxy.ts; the API gets a policy that allows nothing to run.
import { apiSecurityHeaders, securityHeaders } from "./lib/http/security-headers.js";

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@electric-sql/pglite-socket",
    "@prisma/schema-engine-wasm",
    "pg",
    "prom-client",
    "pino",
    "pino-pretty",
  ],
  typescript: { ignoreBuildErrors: false },
  // Under `npm run dev` the v1 API logs each of its requests itself (lib/ops/log.ts: route, status,
  // tenant, correlation id); Next's own line for the same request printed every call twice.
  logging: { incomingRequests: { ignore: [/\/api\/v1\//] } },
  async headers() {
    return [
      { source: "/:path((?!api/).*)", headers: securityHeaders },
      { source: "/api/:path*", headers: apiSecurityHeaders },
      // Hosted links carry a person's session and the console is private: never indexed, even
      // where a link was published (public/robots.txt asks crawlers not to fetch them at all).
      {
        source: "/:section(connect|checkout|pay|status|payout-account|track|console)/:path*",
        headers: [{ key: "X-Robots-Tag", value: "noindex, nofollow" }],
      },
    ];
  },
};

export default nextConfig;
