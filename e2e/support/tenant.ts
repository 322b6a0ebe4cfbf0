// A tenant for the end-to-end tests, made with the operator CLI. The CLI joins the embedded
// database that the running server owns (through its lock file and port), as an operator would.
import { spawnSync } from "node:child_process";

export interface E2eTenant {
  tenantId: string;
  testApiKey: string;
  liveApiKey: string;
  consoleEmail: string;
  consolePassword: string;
}

/** A server's database: PostgreSQL when `url` is set, else the embedded one in `dataDir`. */
export interface E2eDatabase {
  url: string;
  dataDir: string;
  /** The server's DATA_ENCRYPTION_KEYS, which the operator CLI needs on a real database. */
  dataEncryptionKeys?: string;
}

export interface TenantOptions {
  brandName?: string;
  brandColor?: string;
  locale?: "en" | "da";
  redirectOrigins?: string[];
  businessIds?: string[];
  /** API requests per minute per token; unthrottled (10,000,000) unless given. */
  rateLimitPerMinute?: number;
  /** The database of the server the tenant is for: the e2e server's unless given (the live server's). */
  database?: E2eDatabase;
}

export function createE2eTenant(name = `E2E ${Date.now()}`, options: TenantOptions = {}): E2eTenant {
  // The suites are not about the API rate limit: no throttling of their tokens unless asked.
  const args = [
    "tenant",
    "create",
    "--name",
    name,
    "--rate-limit",
    String(options.rateLimitPerMinute ?? 10_000_000),
    "--json",
  ];
  if (options.brandName) args.push("--brand-name", options.brandName);
  if (options.brandColor) args.push("--brand-color", options.brandColor);
  if (options.locale) args.push("--locale", options.locale);
  for (const origin of options.redirectOrigins ?? []) args.push("--allow-redirect-origin", origin);
  for (const id of options.businessIds ?? []) args.push("--allow-business-id", id);
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/cli.ts", ...args], {
    encoding: "utf8",
    env: {
      ...process.env,
      EMBEDDED_DATA_DIR: options.database?.dataDir ?? ".data/e2e/pglite",
      DATABASE_URL: options.database?.url ?? "",
      ...(options.database?.dataEncryptionKeys && { DATA_ENCRYPTION_KEYS: options.database.dataEncryptionKeys }),
    },
  });
  if (result.status !== 0) throw new Error(`tenant create failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as E2eTenant;
}

/** A further console login for the tenant (the operator CLI's `staff add`). */
export function addE2eStaff(tenantId: string, role: "admin" | "viewer"): { email: string; password: string } {
  const email = `${role}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.example`;
  const result = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "scripts/cli.ts",
      "staff",
      "add",
      "--tenant",
      tenantId,
      "--email",
      email,
      "--role",
      role,
      "--json",
    ],
    {
      encoding: "utf8",
      env: { ...process.env, EMBEDDED_DATA_DIR: ".data/e2e/pglite", DATABASE_URL: "" },
    },
  );
  if (result.status !== 0) throw new Error(`staff add failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as { email: string; password: string };
}
