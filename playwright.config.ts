import { defineConfig, devices } from "@playwright/test";

// End-to-end tests against the production build (`npm run build && npm start`) on the embedded
// database in its own folder, driven in Debian's Chromium: Playwright cannot download its own
// browsers on our machines (docs/toolchain.md).
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_DATA_DIR = ".data/e2e/pglite";
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } },
    // 360 px wide, the narrowest common Android phone: every hosted page must work there.
    {
      name: "phone",
      use: { ...devices["Moto G4"], deviceScaleFactor: 2, channel: undefined },
      testMatch: /hosted-.*\.spec\.ts/,
    },
  ],
  webServer: {
    command: "npm run build && npm start",
    url: `http://localhost:${E2E_PORT}/api/v1/openapi.json`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    // One browser makes every hosted request from one address: not what the per-client limit is for.
    env: {
      PORT: String(E2E_PORT),
      EMBEDDED_DATA_DIR: E2E_DATA_DIR,
      DATABASE_URL: "",
      DEMO_TENANT: "false",
      NEXT_TELEMETRY_DISABLED: "1",
      HOSTED_RATE_LIMIT_PER_MINUTE: "100000",
      WEBHOOK_SANDBOX_PRIVATE_TARGETS: "allow",
      METRICS_PORT: "0",
      SHUTDOWN_GRACE_MS: "0",
      API_FAILED_AUTH_PER_MINUTE: "100000",
    },
  },
});
