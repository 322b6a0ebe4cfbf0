import path from "node:path";
import { defineConfig } from "vitest/config";

// The tests of a replicated PostgreSQL (tests/ha: failover, read replicas): each builds its own
// cluster from Debian's packages (etcd, Patroni, HAProxy, PgBouncer) and runs the production build
// against it, so they have their own step in `npm test` after the Playwright tests have built
// `.next` (scripts/test.ts). One file at a time: both use the cluster's ports.
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
