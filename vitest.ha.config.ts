import path from "node:path";
import { defineConfig } from "vitest/config";

// The failover test (tests/ha): it builds its own replicated PostgreSQL from Debian's packages
// (etcd, Patroni, HAProxy, PgBouncer) and runs the production build against it, so it has its own
// step in `npm test` after the Playwright tests have built `.next` (scripts/test.ts).
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["tests/ha/**/*.test.ts"],
    testTimeout: 300_000,
    hookTimeout: 240_000,
    pool: "forks",
    fileParallelism: false,
  },
});
