import path from "node:path";
import { defineConfig } from "vitest/config";

// One config for both databases: tests/setup/global-database.ts opens an in-memory embedded
// PostgreSQL, or a fresh database on TEST_DATABASE_URL's server, and migrates it.
export default defineConfig({
  resolve: {
    alias: {
      "@escrow/sdk": path.resolve(import.meta.dirname, "sdk/src/index.ts"),
      "@": path.resolve(import.meta.dirname),
    },
  },
  test: {
    include: ["tests/**/*.test.ts"],
    // Need the production build and start servers (and, for tests/ha, a replicated PostgreSQL):
    // their own steps (vitest.processes.config.ts, vitest.ha.config.ts).
    exclude: ["tests/processes/**", "tests/ha/**", "**/node_modules/**"],
    globalSetup: ["tests/setup/global-database.ts"],
    setupFiles: ["tests/setup/database-env.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
