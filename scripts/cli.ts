// npm run cli -- <command>
// Operator commands for running tenants (decisions.md §8). Uses DATABASE_URL, or the embedded
// database (joining the running app's server when `npm run dev` is up).
import "./require-node.ts";
import { parseArgs } from "node:util";
import { createDb } from "../lib/db/client.ts";
import { resolveDatabase } from "../lib/db/connection.ts";
import { requireDataKeysFor } from "../lib/crypto/data-keys.ts";
import { applyMigrations } from "../lib/db/migrations.ts";
import { addStaff } from "../lib/tenants/add-staff.ts";
import { createTenant } from "../lib/tenants/create-tenant.ts";
import { updateHostedPageSettings } from "../lib/tenants/hosted-page-settings.ts";
import { checkRateLimit, updateRateLimit } from "../lib/tenants/rate-limit-settings.ts";
import { listTenants, revokeToken, rotateToken } from "../lib/tenants/manage-tokens.ts";
import { liveCheckText } from "../lib/live-check/render-report.ts";
import { runLiveCheck } from "../lib/live-check/run-live-check.ts";
import { listen } from "./listen.ts";

// Each command's own usage: `npm run cli -- <command> --help` prints its own, no command all of them.
const COMMANDS: Record<string, string> = {
  "tenant create": `  tenant create --name <name> [--allow-business-id <id>]... [--allow-redirect-origin <origin>]...
                [--brand-name <name>] [--brand-color <#rrggbb>] [--locale en|da]
                [--console-email <email>] [--rate-limit <requests per minute>] [--json]
      Creates a tenant with a test and a live API token and an admin console login (shown once).`,
  "tenant update": `  tenant update --tenant <tenantId> [--brand-name <name>] [--brand-color <#rrggbb>] [--locale en|da]
                [--allow-redirect-origin <origin>]... [--rate-limit <requests per minute>] [--json]
      Changes how the tenant's hosted pages look and where they may send users. Redirect origins
      are https origins (https://shop.example) or app schemes (yourapp://); giving any replaces the list.
      --rate-limit sets the API requests per minute each of its tokens may make (default 1200;
      1 to 10,000,000 here, while the tenant's admins may choose 60 to 6,000 in the console).`,
  "staff add": `  staff add --tenant <tenantId> --email <email> [--name <name>] [--role admin|viewer] [--json]
      Adds a console login to the tenant (the password is shown once). Viewers can look, not change.`,
  "tenant list": `  tenant list [--json]
      Lists tenants with their tokens (prefixes only), staff and whitelisted business ids.`,
  "token rotate": `  token rotate --tenant <tenantId> --mode test|live [--json]
      Issues a new token and revokes the tenant's other active tokens of that mode.`,
  "token revoke": `  token revoke --token <tokenId> [--json]
      Revokes one token.`,
  listen: `  listen [--api-key <esk_test_…>] [--api <url>] [--forward-to <url>] [--events <name,name>] [--print]
      A developer's events as they happen, like "stripe listen": reads the sandbox event feed with
      the test API key (or ESCROW_API_KEY, or ESCROW_TOKEN as the dev banner exports it) from the
      service at --api (or ESCROW_API_URL, or ESCROW_BASE_URL; default http://localhost:3000) and
      forwards each event to --forward-to, signed as a real delivery with a secret printed at the
      start; --print (or no --forward-to) prints them instead. Needs no database. docs/webhooks.md.`,
  "live check": `  live check [--rehearsal] [--json]
      Checks this deployment's configuration for live mode against the providers it chose for live
      (PAYMENT_RAIL_LIVE, IDENTITY_PROVIDER_LIVE, CARRIERS_LIVE): every setting by name, one real call
      to each provider, and the URLs to register there; never a secret's value. Exits 0 when live
      mode can open, 1 otherwise. --rehearsal takes the providers' test accounts as a staging
      rehearsal does (Stripe test keys, STRIPE_API_BASE, Shipmondo's sandbox). Needs no database.
      docs/go-live.md.`,
};
const USAGE = `Usage: npm run cli -- <command> [options]\n\n${Object.values(COMMANDS).join("\n")}`;

/** The usage of the commands `words` name ("listen", "tenant update", "tenant"), or all of them. */
function usageOf(words: string[]): string {
  const named = Object.keys(COMMANDS).filter((command) => command === words.join(" ") || command === words[0]);
  const group = Object.keys(COMMANDS).filter((command) => command.split(" ")[0] === words[0]);
  const chosen = named.length ? named : group;
  if (!chosen.length) return USAGE;
  return `Usage: npm run cli -- ${chosen.length === 1 ? chosen[0] : `${words[0]} <${chosen.map((c) => c.split(" ")[1]).join("|")}>`} [options]\n\n${chosen.map((c) => COMMANDS[c]).join("\n")}`;
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    name: { type: "string" },
    "allow-business-id": { type: "string", multiple: true },
    "allow-redirect-origin": { type: "string", multiple: true },
    "console-email": { type: "string" },
    "brand-name": { type: "string" },
    "brand-color": { type: "string" },
    locale: { type: "string" },
    tenant: { type: "string" },
    email: { type: "string" },
    role: { type: "string" },
    mode: { type: "string" },
    token: { type: "string" },
    "rate-limit": { type: "string" },
    "api-key": { type: "string" },
    api: { type: "string" },
    "forward-to": { type: "string" },
    events: { type: "string" },
    print: { type: "boolean", default: false },
    rehearsal: { type: "boolean", default: false },
    json: { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
});

const [resource, action] = positionals;
if (values.help || !resource) {
  console.log(usageOf(positionals));
  process.exit(values.help ? 0 : 2);
}

function fail(message: string): never {
  console.error(`${message}\n\n${usageOf(positionals)}`);
  process.exit(2);
}

/** --rate-limit as a checked number (lib/tenants/rate-limit-settings.ts), or undefined. */
function rateLimitOption(): number | undefined {
  const text = values["rate-limit"];
  return text === undefined ? undefined : checkRateLimit(Number(text.trim() || Number.NaN));
}

function print(result: unknown, human: () => string) {
  console.log(values.json ? JSON.stringify(result, null, 2) : human());
}

// listen talks to the API like a tenant's backend: no database.
if (resource === "listen") {
  const apiKey = values["api-key"] ?? process.env.ESCROW_API_KEY ?? process.env.ESCROW_TOKEN;
  if (!apiKey) fail("listen needs --api-key esk_test_… (or ESCROW_API_KEY or ESCROW_TOKEN).");
  const stop = new AbortController();
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => stop.abort());
  try {
    await listen({
      api: values.api ?? process.env.ESCROW_API_URL ?? process.env.ESCROW_BASE_URL ?? "http://localhost:3000",
      apiKey,
      forwardTo: values.print ? undefined : values["forward-to"],
      events: (values.events ?? "")
        .split(",")
        .map((name) => name.trim())
        .filter(Boolean),
      write: (line) => console.log(line),
      signal: stop.signal,
    });
    process.exit(0);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

// live check asks the providers, not the database.
if (resource === "live") {
  if (action !== "check") fail(`Unknown command: live ${action ?? ""}`.trim());
  try {
    const report = await runLiveCheck({ target: values.rehearsal ? "rehearsal" : "live" });
    print(report, () => liveCheckText(report));
    process.exit(report.ok ? 0 : 1);
  } catch (error) {
    // Every check catches its provider's errors; what reaches here is ours, and names no secret.
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

const database = await resolveDatabase();
// A test token is kept sealed under the data keys (lib/tenants/api-token-rows.ts): on a real
// database they must be the servers' own, never a key made on the operator's machine.
if (["tenant create", "token rotate"].includes(`${resource} ${action ?? ""}`.trim())) {
  try {
    requireDataKeysFor(database.kind, `npm run cli -- ${resource} ${action}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
await applyMigrations(database.url);
const db = createDb(database.url, 2);
let code = 0;
try {
  const command = `${resource} ${action ?? ""}`.trim();
  switch (command) {
    case "tenant create": {
      if (!values.name) fail("tenant create needs --name.");
      const tenant = await createTenant(db, {
        name: values.name,
        allowedBusinessIds: values["allow-business-id"],
        allowedRedirectOrigins: values["allow-redirect-origin"],
        brandName: values["brand-name"],
        brandColor: values["brand-color"],
        locale: values.locale as "en" | "da" | undefined,
        consoleEmail: values["console-email"],
        rateLimitPerMinute: rateLimitOption(),
      });
      print(tenant, () =>
        [
          `Created tenant ${tenant.name} (${tenant.tenantId}). These secrets are shown only now:`,
          `  Test API key     ${tenant.testApiKey}`,
          `  Live API key     ${tenant.liveApiKey}`,
          `  Console login    ${tenant.consoleEmail}`,
          `  Console password ${tenant.consolePassword}`,
        ].join("\n"),
      );
      break;
    }
    case "tenant update": {
      if (!values.tenant) fail("tenant update needs --tenant.");
      const rateLimit = rateLimitOption(); // checked before anything changes
      const updated = await updateHostedPageSettings(db, values.tenant, {
        brandName: values["brand-name"],
        brandColor: values["brand-color"],
        locale: values.locale as "en" | "da" | undefined,
        allowedRedirectOrigins: values["allow-redirect-origin"],
      });
      const limited = rateLimit === undefined ? null : await updateRateLimit(db, values.tenant, rateLimit);
      const result = { ...updated, rateLimitPerMinute: limited?.rateLimitPerMinute };
      print(
        result,
        () =>
          `Updated ${updated.name}: brand ${updated.brandName ?? updated.name} ` +
          `${updated.brandColor ?? "(default colour)"}, language ${updated.locale}, redirect origins ` +
          `${updated.allowedRedirectOrigins.join(", ") || "any (sandbox)"}${limited ? `, ${limited.rateLimitPerMinute} API requests per minute per token` : ""}.`,
      );
      break;
    }
    case "staff add": {
      if (!values.tenant || !values.email) fail("staff add needs --tenant and --email.");
      const added = await addStaff(db, {
        tenantId: values.tenant,
        email: values.email,
        name: values.name,
        role: (values.role ?? "viewer") as "admin" | "viewer",
      });
      print(added, () => `Added ${added.email} (${added.role}). Password (shown only now): ${added.password}`);
      break;
    }
    case "tenant list": {
      const tenants = await listTenants(db);
      print(tenants, () =>
        tenants.length === 0
          ? "No tenants yet: npm run cli -- tenant create --name <name>"
          : tenants
              .map((t) =>
                [
                  `${t.name} (${t.tenantId}), created ${t.createdAt}`,
                  `  business ids: ${t.allowedBusinessIds.join(", ") || "none"}; staff: ${t.staff.join(", ")}`,
                  ...t.tokens.map(
                    (k) =>
                      `  ${k.revokedAt ? "revoked" : "active "} ${k.mode} ${k.prefix} id ${k.tokenId}, last used ${k.lastUsedAt ?? "never"}`,
                  ),
                ].join("\n"),
              )
              .join("\n\n"),
      );
      break;
    }
    case "token rotate": {
      if (!values.tenant) fail("token rotate needs --tenant.");
      if (values.mode !== "test" && values.mode !== "live") fail("token rotate needs --mode test or --mode live.");
      const rotated = await rotateToken(db, values.tenant, values.mode);
      print(
        rotated,
        () =>
          `New ${values.mode} API key (${values.mode === "test" ? "console admins can show it again" : "shown only now"}): ${rotated.apiKey}\nRevoked ${rotated.revoked} older ${values.mode} token(s).`,
      );
      break;
    }
    case "token revoke": {
      if (!values.token) fail("token revoke needs --token <tokenId> (see tenant list).");
      const revoked = await revokeToken(db, values.token);
      if (!revoked) code = 1;
      print({ tokenId: values.token, revoked }, () =>
        revoked ? `Revoked ${values.token}.` : `No active token ${values.token}.`,
      );
      break;
    }
    default:
      fail(`Unknown command: ${command}`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  code = 1;
} finally {
  await db.$disconnect();
  await database.embedded?.stop();
}
// The WebAssembly schema engine leaves a timer running (docs/toolchain.md).
process.exit(code);
