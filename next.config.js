// Next.js configuration. The embedded database is owned by the launcher process (scripts/run.ts),
// never by the Next server, so nothing here opens PGlite.
/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-socket", "@prisma/schema-engine-wasm", "pg"],
  typescript: { ignoreBuildErrors: false },
};

export default nextConfig;
