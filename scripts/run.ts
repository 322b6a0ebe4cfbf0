// npm run dev / npm start
// Opens the database (embedded PGlite in .data/ unless DATABASE_URL is set), applies migrations,
// makes sure the demo tenant exists, then runs Next's dev server or the production server
// (scripts/serve.ts) with DATABASE_URL pointing at that database, and prints where everything is.
//
// This process owns the embedded database for as long as the app runs; the Next server is a child
// process that connects over the Postgres wire protocol, so PGlite's WebAssembly work never blocks
// request handling and `next build` never opens the data folder.
import "./require-node.ts";
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";
import { createDb } from "../lib/db/client.ts";
import { DEFAULT_EMBEDDED_DIR, redactUrl, resolveDatabase } from "../lib/db/connection.ts";
import { applyMigrations } from "../lib/db/migrations.ts";
import { sessionSecret } from "../lib/console/auth/session-secret.ts";
import { ensureDemoTenant } from "../lib/tenants/demo-tenant.ts";
import { requireDataKeysFor } from "../lib/crypto/data-keys.ts";
import { checkOutsidePartySettings, liveModeGaps } from "../lib/outside-parties.ts";
import { resealWebhookSecrets } from "../lib/webhooks/reseal-secrets.ts";
import { resealSandboxTokens } from "../lib/tenants/reseal-sandbox-tokens.ts";
import { shellExports } from "./shell-exports.ts";
import { answerHelp } from "./usage.ts";

answerHelp(`Usage: npm run dev | npm start

  npm run dev    Next's dev server; the embedded database in .data/ unless DATABASE_URL is set;
                 the demo tenant is made once and its credentials printed.
  npm start      The production server (scripts/serve.ts) on the build of \`npm run build\`.

  PORT (default 3000), DATABASE_URL, DATA_ENCRYPTION_KEYS and the other settings: README.md,
  "Environment".`);

const mode = process.argv[2] === "start" ? "start" : "dev";
const port = Number(process.env.PORT ?? 3000);
const publicBaseUrl = (process.env.PUBLIC_BASE_URL ?? `http://localhost:${port}`).replace(/\/+$/, "");

const database = await resolveDatabase();
const stopDatabase = async () => {
  await database.embedded?.stop().catch(() => {});
};

// Before anything touches the database: a production start on a real one needs the data key
// from the environment (lib/crypto/data-keys.ts), and every provider setting must name a
// provider this build has.
try {
  checkOutsidePartySettings();
  if (mode === "start") requireDataKeysFor(database.kind, "npm start");
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stopDatabase();
  process.exit(1);
}
const liveGaps = liveModeGaps();
if (liveGaps.length) {
  const names = liveGaps.map((gap) => `${gap.setting}=simulated`).join(", ");
  console.log(`Live mode is closed (${names}): live calls that connect a person, take money or pay out answer 403.`);
}
try {
  const applied = await applyMigrations(database.url);
  if (applied.length) console.log(`Applied migrations: ${applied.join(", ")}`);
} catch (error) {
  console.error("Could not apply migrations:", error instanceof Error ? error.message : error);
  await stopDatabase();
  process.exit(1);
}

// Webhook signing secrets (and the kept copies of sandbox API keys) are stored sealed under the
// data key (lib/crypto/data-keys.ts): seal plain-text secrets from before, and re-seal after a key
// rotation, before anything signs.
try {
  const resealDb = createDb(database.url, 2);
  const { resealed, unreadable } = await resealWebhookSecrets(resealDb);
  const tokens = await resealSandboxTokens(resealDb);
  await resealDb.$disconnect();
  if (resealed)
    console.log(`Sealed ${resealed} webhook signing secret${resealed === 1 ? "" : "s"} with the current data key`);
  for (const { subscriptionId, reason } of unreadable)
    console.error(
      `Webhook subscription ${subscriptionId}: its signing secret cannot be opened (${reason}); ` +
        `its deliveries wait until that key is listed in DATA_ENCRYPTION_KEYS again`,
    );
  if (tokens.resealed)
    console.log(
      `Sealed ${tokens.resealed} sandbox API key${tokens.resealed === 1 ? "" : "s"} with the current data key`,
    );
  for (const { tokenId, reason } of tokens.unreadable)
    console.error(
      `Sandbox API key ${tokenId}: its kept copy cannot be opened (${reason}); it still works, but cannot be ` +
        `shown again in the console until that key is listed in DATA_ENCRYPTION_KEYS again`,
    );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stopDatabase();
  process.exit(1);
}

let demo: Awaited<ReturnType<typeof ensureDemoTenant>> | null = null;
// The demo tenant (its console login is real) is for trying the service out: made by `npm run dev`
// and by `npm start` on the embedded database, never on a real DATABASE_URL unless asked for
// (DEMO_TENANT=true); DEMO_TENANT=false turns it off everywhere.
const wantDemo =
  process.env.DEMO_TENANT === "true" ||
  (process.env.DEMO_TENANT !== "false" && (mode === "dev" || database.kind === "embedded"));
if (wantDemo) {
  // Beside the data it belongs to: the embedded folder, or one file per PostgreSQL address.
  const file =
    database.kind === "embedded"
      ? path.join(path.dirname(DEFAULT_EMBEDDED_DIR), "demo-tenant.json")
      : `.data/demo-tenant-${createHash("sha256").update(database.url).digest("hex").slice(0, 12)}.json`;
  const setupDb = createDb(database.url, 2);
  demo = await ensureDemoTenant(setupDb, path.resolve(file));
  await setupDb.$disconnect();
}

const require = createRequire(import.meta.url);
const nextBin = require.resolve("next/dist/bin/next");
// Production: scripts/serve.ts (Next for pages, the v1 API's route handlers called directly);
// development: `next dev`, so that everything reloads as you edit.
const command =
  mode === "start"
    ? ["--import", "tsx", "scripts/serve.ts", "--port", String(port)]
    : [nextBin, "dev", "--port", String(port)];
const child = spawn(process.execPath, command, {
  stdio: "inherit",
  env: {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: database.url,
    PUBLIC_BASE_URL: publicBaseUrl,
    PORT: String(port),
    // The console's sign-in (next-auth): its own address and the key that signs its sessions.
    NEXTAUTH_URL: process.env.NEXTAUTH_URL ?? publicBaseUrl,
    NEXTAUTH_SECRET: sessionSecret(path.dirname(DEFAULT_EMBEDDED_DIR)),
  },
});

// Signals go to the server, which drains (npm start) or stops (next dev); the database stops only
// once the server has exited, so that requests in flight finish against it.
let shuttingDown = false;
async function shutdown(code: number) {
  if (shuttingDown) return;
  shuttingDown = true;
  await stopDatabase();
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}
child.on("exit", (code) => void shutdown(code ?? 0));

// Print the banner only once the server answers; if Next exits first (port taken, a second
// `next dev` in this folder), say nothing more: the shutdown above reports the exit code.
const childExited = new Promise<"exited">((resolve) => child.once("exit", () => resolve("exited")));
if ((await Promise.race([waitForHttp(port).then(() => "ready" as const), childExited])) === "exited") {
  await new Promise(() => {}); // shutdown() ends the process
}
const line = "─".repeat(72);
console.log(`\n${line}\n  Marketplace Escrow Trade Service (${mode === "dev" ? "development" : "production"})`);
console.log(`  App            ${publicBaseUrl}`);
console.log(`  API reference  ${publicBaseUrl}/docs`);
console.log(`  Console        ${publicBaseUrl}/console`);
console.log(
  `  Database       ${database.kind === "embedded" ? `embedded PostgreSQL (PGlite) in ${path.relative(process.cwd(), DEFAULT_EMBEDDED_DIR)}, ${redactUrl(database.url)}` : redactUrl(database.url)}`,
);
if (demo) {
  console.log(`\n  Demo tenant    ${demo.tenant.name} (${demo.tenant.tenantId})${demo.created ? ", created now" : ""}`);
  console.log(`  Sandbox token  ${demo.tenant.testApiKey}`);
  console.log(`  Console login  ${demo.tenant.consoleEmail} / ${demo.tenant.consolePassword}`);
}
console.log("\n  Paste into a terminal (README.md's examples, docs/sdk.md and examples/marketplace read these):\n");
for (const line of shellExports(publicBaseUrl, demo?.tenant.testApiKey)) console.log(`    ${line}`);
if (demo) console.log('\n  Try: curl -H "Authorization: Bearer $ESCROW_TOKEN" $ESCROW_API/marketplace/users/alice');
console.log(`${line}\n`);

/** Resolves once the server answers HTTP (a dev server compiles the route on this first call). */
async function waitForHttp(p: number): Promise<void> {
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${p}/api/v1/openapi.json`, {
        signal: AbortSignal.timeout(60_000),
      });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
