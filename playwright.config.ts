import { defineConfig, devices } from "@playwright/test";
import type { E2eDatabase } from "./e2e/support/tenant.ts";

// End-to-end tests against the production build (`npm run build && npm start`) on the embedded
// database in its own folder, driven in Debian's Chromium: Playwright cannot download its own
// browsers on our machines (docs/toolchain.md).
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_DATA_DIR = ".data/e2e/pglite";
// Live mode's journey runs against a second server of the same build whose live mode is open:
// Stripe, the eID broker and Shipmondo are the stand-ins of tests/stand-ins, on loopback ports.
export const LIVE_PORT = Number(process.env.E2E_LIVE_PORT ?? 3211);
export const LIVE_DATA_DIR = ".data/e2e-live/pglite";
// On PostgreSQL when the run has a server (TEST_DATABASE_URL, as in CI): the live journey is a
// production deployment's, so it runs where production does, in a database of its own made
// afresh by e2e/support/start-after-build.mjs. Without one, on the embedded database.
export const LIVE_DATABASE_URL = process.env.TEST_DATABASE_URL
  ? withDatabaseName(process.env.TEST_DATABASE_URL, "escrow_e2e_live")
  : "";
// A real database needs the keys that seal secrets at rest: fixed here, the test deployment's own.
const LIVE_DATA_KEYS = "e2e:dA5zVo5aMLYpqxgQFVvEX9PyXfzmilXHSxdGM2sjXAY";
export const LIVE_DATABASE: E2eDatabase = {
  url: LIVE_DATABASE_URL,
  dataDir: LIVE_DATA_DIR,
  dataEncryptionKeys: LIVE_DATA_KEYS,
};
const STAND_IN_PORTS = { stripe: 3221, oidc: 3222, shipmondo: 3223 } as const;
// The live tenant's webhook receiver (e2e/support/webhook-receiver.ts): a private origin that the
// live server's operator allows by name (WEBHOOK_LIVE_PRIVATE_ORIGINS), as live webhooks otherwise
// go to public https addresses only.
export const LIVE_WEBHOOK_RECEIVER_PORT = 3224;
export const LIVE_STAND_INS = {
  stripe: `http://127.0.0.1:${STAND_IN_PORTS.stripe}`,
  oidc: `http://127.0.0.1:${STAND_IN_PORTS.oidc}`,
  shipmondo: `http://127.0.0.1:${STAND_IN_PORTS.shipmondo}`,
};
export const LIVE_BASE = `http://localhost:${LIVE_PORT}`;
const STRIPE_WEBHOOK_SECRET = "whsec_e2e_live_platform";
const STRIPE_CONNECT_WEBHOOK_SECRET = "whsec_e2e_live_connect";
const EID_CLIENT = { client_id: "escrow-e2e", client_secret: "e2e-broker-secret" };
const SHIPMONDO = { user: "e2e-shipmondo-user", key: "e2e-shipmondo-key", webhookKey: "e2e-shipmondo-webhook-key" };
/** What the live journey registers at Shipmondo's stand-in, and asks Stripe's with. */
export const LIVE_PROVIDER_KEYS = { shipmondoWebhookKey: SHIPMONDO.webhookKey, stripeSecretKey: "sk_test_e2e_live" };
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
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined }, testIgnore: /live-.*\.spec\.ts/ },
    // 360 px wide, the narrowest common Android phone: every hosted page must work there.
    {
      name: "phone",
      use: { ...devices["Moto G4"], deviceScaleFactor: 2, channel: undefined },
      testMatch: /hosted-.*\.spec\.ts/,
    },
    // Live mode with real providers' protocols (the stand-ins), on its own server.
    {
      name: "live",
      use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: LIVE_BASE },
      testMatch: /live-.*\.spec\.ts/,
    },
  ],
  webServer: [
    {
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
    {
      command: "npx tsx tests/stand-ins/stripe/main.ts",
      port: STAND_IN_PORTS.stripe,
      reuseExistingServer: false,
      env: {
        PORT: String(STAND_IN_PORTS.stripe),
        STRIPE_WEBHOOK_URL: `${LIVE_BASE}/rail-events/stripe`,
        STRIPE_WEBHOOK_SECRET,
        STRIPE_CONNECT_WEBHOOK_URL: `${LIVE_BASE}/rail-events/stripe`,
        STRIPE_CONNECT_WEBHOOK_SECRET,
        // A charge's funds are available at once (not in 7 days): the payout leaves in real time.
        STRIPE_CHARGE_AVAILABILITY_SECONDS: "0",
      },
    },
    {
      command: "npx tsx tests/stand-ins/oidc/main.ts",
      port: STAND_IN_PORTS.oidc,
      reuseExistingServer: false,
      env: {
        PORT: String(STAND_IN_PORTS.oidc),
        OIDC_STAND_IN_CLIENTS: JSON.stringify([{ ...EID_CLIENT, redirect_uris: [`${LIVE_BASE}/eid/callback`] }]),
      },
    },
    {
      command: "npx tsx tests/stand-ins/shipmondo/main.ts",
      port: STAND_IN_PORTS.shipmondo,
      reuseExistingServer: false,
      env: {
        PORT: String(STAND_IN_PORTS.shipmondo),
        SHIPMONDO_API_USER: SHIPMONDO.user,
        SHIPMONDO_API_KEY: SHIPMONDO.key,
      },
    },
    {
      // The build is the first server's: Playwright starts web servers side by side.
      command: `node e2e/support/start-after-build.mjs http://localhost:${E2E_PORT}/api/v1/openapi.json${LIVE_DATABASE_URL ? " --fresh-database" : ""}`,
      url: `${LIVE_BASE}/api/v1/openapi.json`,
      timeout: 420_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: {
        PORT: String(LIVE_PORT),
        PUBLIC_BASE_URL: LIVE_BASE,
        EMBEDDED_DATA_DIR: LIVE_DATA_DIR,
        DATABASE_URL: LIVE_DATABASE_URL,
        DATA_ENCRYPTION_KEYS: LIVE_DATA_KEYS,
        DEMO_TENANT: "false",
        NEXT_TELEMETRY_DISABLED: "1",
        HOSTED_RATE_LIMIT_PER_MINUTE: "100000",
        API_FAILED_AUTH_PER_MINUTE: "100000",
        WEBHOOK_SANDBOX_PRIVATE_TARGETS: "allow",
        METRICS_PORT: "0",
        SHUTDOWN_GRACE_MS: "0",
        PAYMENT_RAIL_LIVE: "stripe",
        STRIPE_SECRET_KEY: LIVE_PROVIDER_KEYS.stripeSecretKey,
        STRIPE_API_BASE: LIVE_STAND_INS.stripe,
        STRIPE_WEBHOOK_SECRET,
        STRIPE_CONNECT_WEBHOOK_SECRET,
        // The rail's poll and the scheduler at a test's pace (a minute and five seconds by default).
        RAIL_POLL_INTERVAL_MS: "2000",
        SCHEDULER_INTERVAL_MS: "1000",
        WEBHOOK_LIVE_PRIVATE_ORIGINS: `http://127.0.0.1:${LIVE_WEBHOOK_RECEIVER_PORT}`,
        IDENTITY_PROVIDER_LIVE: "oidc",
        EID_OIDC_ISSUER_URL: LIVE_STAND_INS.oidc,
        EID_OIDC_CLIENT_ID: EID_CLIENT.client_id,
        EID_OIDC_CLIENT_SECRET: EID_CLIENT.client_secret,
        EID_OIDC_ALLOW_HTTP_LOOPBACK: "1",
        CARRIERS_LIVE: "shipmondo",
        SHIPMONDO_API_BASE: `${LIVE_STAND_INS.shipmondo}/api/public/v3`,
        SHIPMONDO_API_USER: SHIPMONDO.user,
        SHIPMONDO_API_KEY: SHIPMONDO.key,
        SHIPMONDO_WEBHOOK_KEY: SHIPMONDO.webhookKey,
      },
    },
  ],
});

/** The same server's URL with another database name. */
function withDatabaseName(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.href;
}
