import path from "node:path";
import { defineConfig } from "vitest/config";

// The tests that start the production server as child processes (tests/processes): crash safety
// and several instances. They need the `.next` build (`npm run build`), so `npm test` runs them
// in their own step after the Playwright tests have built it (scripts/test.ts), on PostgreSQL.
// One file at a time: each starts servers on its own ports and loads the machine.
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["tests/processes/**/*.test.ts"],
    globalSetup: ["tests/setup/global-database.ts"],
    setupFiles: ["tests/setup/database-env.ts"],
    testTimeout: 240_000,
    hookTimeout: 60_000,
    pool: "forks",
    fileParallelism: false,
  },
});
