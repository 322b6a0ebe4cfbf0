// `npm run cli -- live check` (lib/live-check) against the three providers' stand-ins on loopback:
// the Stripe stand-in for the rail's key, the oidc-provider broker for the eID client, the
// Shipmondo stand-in for the carriers' account. A deployment configured right passes (as a
// rehearsal: the stand-ins take only test keys and plain http); the same one checked for live
// fails on exactly what is not live; each missing setting and each wrong credential is named;
// the CLI exits 0 or 1 accordingly; and no secret's value is ever printed.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { liveCheckText } from "../../lib/live-check/render-report.ts";
import type { Check, LiveCheckReport } from "../../lib/live-check/report.ts";
import { runLiveCheck } from "../../lib/live-check/run-live-check.ts";
import { startOidcStandIn, type OidcStandIn } from "../stand-ins/oidc/server.ts";
import { startShipmondoStandIn, type ShipmondoStandIn } from "../stand-ins/shipmondo/server.ts";
import { startStripeStandIn, type StripeStandIn } from "../stand-ins/stripe/server.ts";

const BASE = "https://escrow.test";
const SECRETS = {
  STRIPE_SECRET_KEY: `sk_test_${randomBytes(12).toString("hex")}`,
  STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(16).toString("hex")}`,
  STRIPE_CONNECT_WEBHOOK_SECRET: `whsec_${randomBytes(16).toString("hex")}`,
  EID_OIDC_CLIENT_SECRET: `broker-${randomBytes(16).toString("hex")}`,
  SHIPMONDO_API_USER: `user-${randomBytes(6).toString("hex")}`,
  SHIPMONDO_API_KEY: `key-${randomBytes(16).toString("hex")}`,
  SHIPMONDO_WEBHOOK_KEY: `hook-${randomBytes(16).toString("hex")}`,
  DATA_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString("base64url")}`,
};
const WRONG = {
  STRIPE_SECRET_KEY: `sk_test_${randomBytes(12).toString("hex")}`,
  EID_OIDC_CLIENT_SECRET: `broker-${randomBytes(16).toString("hex")}`,
  SHIPMONDO_API_KEY: `key-${randomBytes(16).toString("hex")}`,
};
/** Every value that must never be printed: the secrets, the wrong ones tried, a data key's key. */
const NEVER_SHOWN = [...Object.values(SECRETS), ...Object.values(WRONG), SECRETS.DATA_ENCRYPTION_KEYS.slice(3)];
/** Settings a test environment may carry that would change the choices. */
const CLEARED = ["PAYMENT_RAIL", "IDENTITY_PROVIDER", "CARRIERS", "EID_OIDC_LEVEL_CLAIM", "STRIPE_SECRET_KEY_FILE"];

let stripe: StripeStandIn;
let broker: OidcStandIn;
let shipmondo: ShipmondoStandIn;
let settings: Record<string, string>;

beforeAll(async () => {
  [stripe, broker, shipmondo] = await Promise.all([
    startStripeStandIn({ apiKey: SECRETS.STRIPE_SECRET_KEY }),
    startOidcStandIn({
      clients: [
        {
          client_id: "escrow-live",
          client_secret: SECRETS.EID_OIDC_CLIENT_SECRET,
          redirect_uris: [`${BASE}/eid/callback`],
        },
      ],
    }),
    startShipmondoStandIn({ apiUser: SECRETS.SHIPMONDO_API_USER, apiKey: SECRETS.SHIPMONDO_API_KEY }),
  ]);
  shipmondo.controls.registerWebhook({ url: `${BASE}/carrier-events/shipmondo`, key: SECRETS.SHIPMONDO_WEBHOOK_KEY });
  settings = {
    ...SECRETS,
    PAYMENT_RAIL_LIVE: "stripe",
    IDENTITY_PROVIDER_LIVE: "oidc",
    CARRIERS_LIVE: "shipmondo",
    PUBLIC_BASE_URL: BASE,
    STRIPE_API_BASE: stripe.url,
    EID_OIDC_ISSUER_URL: broker.url,
    EID_OIDC_CLIENT_ID: "escrow-live",
    EID_OIDC_ALLOW_HTTP_LOOPBACK: "1",
    SHIPMONDO_API_BASE: shipmondo.apiBaseUrl,
  };
});

afterAll(async () => {
  await Promise.all([stripe?.stop(), broker?.stop(), shipmondo?.stop()]);
});

beforeEach(() => {
  for (const name of CLEARED) vi.stubEnv(name, "");
  for (const [name, value] of Object.entries(settings)) vi.stubEnv(name, value);
});

afterEach(() => {
  vi.unstubAllEnvs();
});

const checks = (report: LiveCheckReport): Check[] => report.sections.flatMap((section) => section.checks);
const failing = (report: LiveCheckReport) => checks(report).filter((check) => check.status === "fail");
const named = (report: LiveCheckReport, section: string, name: string) =>
  report.sections.find((each) => each.id === section)?.checks.find((check) => check.name === name);

function expectNoSecret(text: string) {
  for (const secret of NEVER_SHOWN) expect(text).not.toContain(secret);
}

function expectNoSecretIn(report: LiveCheckReport) {
  expectNoSecret(JSON.stringify(report));
  expectNoSecret(liveCheckText(report));
}

/** `npx tsx scripts/cli.ts live check --json`, as a child process (the stand-ins answer from this one). */
function cli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/cli.ts", "live", "check", ...args], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("live check", () => {
  it("passes a deployment whose providers answer, naming each provider and what to register", async () => {
    const report = await runLiveCheck({ target: "rehearsal" });
    expect(failing(report)).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.sections.map((section) => section.id)).toEqual([
      "live-mode",
      "deployment",
      "replicas",
      "stripe",
      "eid-broker",
      "shipmondo",
    ]);
    expect(named(report, "live-mode", "payment rail")?.detail).toBe("stripe (PAYMENT_RAIL_LIVE)");
    expect(named(report, "live-mode", "national eID")?.detail).toBe("oidc (IDENTITY_PROVIDER_LIVE)");
    expect(named(report, "live-mode", "carriers")?.detail).toBe("shipmondo (CARRIERS_LIVE)");
    expect(named(report, "live-mode", "live mode")?.status).toBe("pass");
    expect(named(report, "stripe", "API call (GET /v1/balance)")?.status).toBe("pass");
    expect(named(report, "eid-broker", "client credentials")?.status).toBe("pass");
    expect(named(report, "eid-broker", "PKCE")?.detail).toBe("S256 supported");
    expect(named(report, "eid-broker", "acr high")?.status).toBe("pass");
    expect(named(report, "shipmondo", "API call (GET /webhooks)")?.status).toBe("pass");
    expect(named(report, "shipmondo", "webhook at Shipmondo")?.status).toBe("pass");
    const registered = report.sections.flatMap((section) => section.register.map((entry) => entry.url));
    expect(registered).toEqual(
      expect.arrayContaining([
        `${BASE}/rail-events/stripe`,
        `${BASE}/eid/callback`,
        `${BASE}/carrier-events/shipmondo`,
      ]),
    );
    // One real call each: the stand-ins saw them.
    expect(shipmondo.controls.requests().some((seen) => seen.method === "GET" && seen.path.endsWith("/webhooks"))).toBe(
      true,
    );
    expect(broker.controls.discoveries()).toBeGreaterThan(0);
    expectNoSecretIn(report);
  });

  it("checked for live, fails on the test key, the stand-ins' addresses and plain http, by name", async () => {
    const report = await runLiveCheck();
    expect(report.ok).toBe(false);
    expect(named(report, "stripe", "key kind")).toMatchObject({ status: "fail", settings: ["STRIPE_SECRET_KEY"] });
    expect(named(report, "stripe", "key kind")?.detail).toContain("a test key (sk_test_…)");
    expect(report.failingSettings.sort()).toEqual(
      [
        "EID_OIDC_ALLOW_HTTP_LOOPBACK",
        "EID_OIDC_ISSUER_URL",
        "SHIPMONDO_API_BASE",
        "STRIPE_API_BASE",
        "STRIPE_SECRET_KEY",
      ].sort(),
    );
    // The calls themselves still went through: only the shape of the configuration is not live.
    expect(named(report, "stripe", "API call (GET /v1/balance)")?.status).toBe("pass");
    expectNoSecretIn(report);
  });

  it.each([
    "PAYMENT_RAIL_LIVE",
    "IDENTITY_PROVIDER_LIVE",
    "PUBLIC_BASE_URL",
    "DATA_ENCRYPTION_KEYS",
    "STRIPE_SECRET_KEY",
    "STRIPE_WEBHOOK_SECRET",
    "EID_OIDC_ISSUER_URL",
    "EID_OIDC_CLIENT_ID",
    "EID_OIDC_CLIENT_SECRET",
    "SHIPMONDO_API_USER",
    "SHIPMONDO_API_KEY",
    "SHIPMONDO_WEBHOOK_KEY",
  ])("names %s when it is missing", async (setting) => {
    vi.stubEnv(setting, "");
    const report = await runLiveCheck({ target: "rehearsal" });
    expect(report.ok).toBe(false);
    expect(report.failingSettings).toContain(setting);
    const about = failing(report).filter((check) => check.settings.includes(setting));
    expect(about.length).toBeGreaterThan(0);
    expect(about.some((check) => `${check.name} ${check.detail}`.includes(setting))).toBe(true);
    expectNoSecretIn(report);
  });

  it("warns, without failing, of what live mode opens without: the Connect secret, simulated carriers", async () => {
    vi.stubEnv("STRIPE_CONNECT_WEBHOOK_SECRET", "");
    vi.stubEnv("CARRIERS_LIVE", "");
    const report = await runLiveCheck({ target: "rehearsal" });
    expect(report.ok).toBe(true);
    expect(named(report, "stripe", "STRIPE_CONNECT_WEBHOOK_SECRET")?.status).toBe("warn");
    expect(named(report, "live-mode", "carriers")).toMatchObject({ status: "warn", settings: ["CARRIERS"] });
    expect(report.sections.some((section) => section.id === "shipmondo")).toBe(false);
  });

  it("names the private origins live webhooks may reach, and fails on an entry that is not an origin", async () => {
    vi.stubEnv("WEBHOOK_LIVE_PRIVATE_ORIGINS", "https://hooks.internal:8443");
    const allowed = await runLiveCheck({ target: "live" });
    expect(named(allowed, "deployment", "WEBHOOK_LIVE_PRIVATE_ORIGINS")).toMatchObject({
      status: "warn",
      detail: expect.stringContaining("https://hooks.internal:8443"),
    });
    vi.stubEnv("WEBHOOK_LIVE_PRIVATE_ORIGINS", "https://hooks.internal:8443, 10.0.0.0/8");
    const report = await runLiveCheck({ target: "rehearsal" });
    expect(failing(report)).toEqual([
      expect.objectContaining({ name: "WEBHOOK_LIVE_PRIVATE_ORIGINS", detail: expect.stringContaining("10.0.0.0/8") }),
    ]);
  });

  it("names a wrong Stripe key", async () => {
    vi.stubEnv("STRIPE_SECRET_KEY", WRONG.STRIPE_SECRET_KEY);
    const report = await runLiveCheck({ target: "rehearsal" });
    expect(failing(report)).toEqual([
      expect.objectContaining({ name: "API call (GET /v1/balance)", settings: ["STRIPE_SECRET_KEY"] }),
    ]);
    expect(failing(report)[0]!.detail).toContain("Stripe refused STRIPE_SECRET_KEY (401)");
    expectNoSecretIn(report);
  });

  it("names a wrong broker client secret", async () => {
    vi.stubEnv("EID_OIDC_CLIENT_SECRET", WRONG.EID_OIDC_CLIENT_SECRET);
    const report = await runLiveCheck({ target: "rehearsal" });
    expect(failing(report)).toEqual([
      expect.objectContaining({
        name: "client credentials",
        settings: ["EID_OIDC_CLIENT_ID", "EID_OIDC_CLIENT_SECRET"],
      }),
    ]);
    expect(failing(report)[0]!.detail).toContain("invalid_client");
    expectNoSecretIn(report);
  });

  it("names an unreachable issuer", async () => {
    vi.stubEnv("EID_OIDC_ISSUER_URL", "http://127.0.0.1:9/");
    const report = await runLiveCheck({ target: "rehearsal" });
    expect(failing(report)).toEqual([
      expect.objectContaining({ name: "discovery", settings: ["EID_OIDC_ISSUER_URL"] }),
    ]);
    expect(failing(report)[0]!.detail).toContain(
      "http://127.0.0.1:9/.well-known/openid-configuration could not be fetched",
    );
  });

  it("names wrong Shipmondo credentials", async () => {
    vi.stubEnv("SHIPMONDO_API_KEY", WRONG.SHIPMONDO_API_KEY);
    const report = await runLiveCheck({ target: "rehearsal" });
    expect(failing(report)).toEqual([
      expect.objectContaining({
        name: "API call (GET /webhooks)",
        settings: ["SHIPMONDO_API_USER", "SHIPMONDO_API_KEY"],
      }),
    ]);
    expect(failing(report)[0]!.detail).toContain("Shipmondo refused the API user and key (401)");
    expectNoSecretIn(report);
  });

  it("as the CLI: exits 0 when everything passes and 1 naming each wrong credential, printing no secret", async () => {
    const good = await cli(["--rehearsal", "--json"], settings);
    expect(good.stderr).not.toMatch(/error/i);
    expect(good.code).toBe(0);
    expect((JSON.parse(good.stdout) as LiveCheckReport).ok).toBe(true);
    expectNoSecret(good.stdout + good.stderr);

    const wrong = await cli(["--rehearsal", "--json"], { ...settings, ...WRONG });
    expect(wrong.code).toBe(1);
    const report = JSON.parse(wrong.stdout) as LiveCheckReport;
    expect(
      failing(report)
        .map((check) => check.name)
        .sort(),
    ).toEqual(["API call (GET /v1/balance)", "API call (GET /webhooks)", "client credentials"].sort());
    expectNoSecret(wrong.stdout + wrong.stderr);

    const text = await cli([], { ...settings, ...WRONG });
    expect(text.code).toBe(1);
    expect(text.stdout).toContain("FAIL API call (GET /v1/balance): Stripe refused STRIPE_SECRET_KEY (401)");
    expect(text.stdout).toMatch(/Result: not ready for live mode\. Fix: .*STRIPE_SECRET_KEY/);
    expectNoSecret(text.stdout + text.stderr);
  }, 90_000);
});
