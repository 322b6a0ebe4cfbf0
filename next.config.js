// Next.js configuration. The embedded database is owned by the launcher process (scripts/run.ts),
// never by the Next server, so nothing here opens PGlite.

// Every response: no MIME sniffing, no framing (payment pages must not be clickjacked), and a
// referrer policy that never sends a hosted page's address (it holds the session token) to another
// origin. (Not no-referrer: with it, Chrome sends Origin: null on form posts, which the hosted
// forms' same-origin check rightly refuses.)
// Pages get their Content-Security-Policy, with a fresh nonce per request, from proxy.ts; the API
// and static files get a policy that allows nothing to run.
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "same-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  // Browsers ignore it over plain http (local development); behind TLS it pins https.
  { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" },
];
const lockedDownPolicy = { key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'; base-uri 'none'" };

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-socket", "@prisma/schema-engine-wasm", "pg"],
  typescript: { ignoreBuildErrors: false },
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      { source: "/api/:path*", headers: [lockedDownPolicy] },
    ];
  },
};

export default nextConfig;
