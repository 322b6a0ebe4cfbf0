// Next.js configuration. The embedded database is owned by the launcher process (scripts/run.ts),
// never by the Next server, so nothing here opens PGlite.

// Every response: no MIME sniffing, no framing (payment pages must not be clickjacked), and a
// referrer policy that never sends a hosted page's address (it holds the session token) to another
// origin. (Not no-referrer: with it, Chrome sends Origin: null on form posts, which the hosted
// forms' same-origin check rightly refuses.)
// No form-action directive: Chrome applies it to the redirect after a form post, and hosted forms
// end in a redirect to the tenant's successUrl/cancelUrl, which may be any registered origin.
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Content-Security-Policy", value: "frame-ancestors 'none'; base-uri 'self'; object-src 'none'" },
  { key: "Referrer-Policy", value: "same-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-socket", "@prisma/schema-engine-wasm", "pg"],
  typescript: { ignoreBuildErrors: false },
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default nextConfig;
