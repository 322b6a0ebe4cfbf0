// The demo tenant that `npm run dev` creates once and prints on every start. Tokens are stored
// hashed, so the plain credentials are kept in a local file beside the embedded data
// (.data/demo-tenant.json, never committed); if the database no longer knows them, a new demo
// tenant is made.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "../db/client.ts";
import { hashApiToken } from "../auth/api-tokens.ts";
import { createTenant, type CreatedTenant } from "./create-tenant.ts";

export const DEMO_BUSINESS_ID = "12345678";

export async function ensureDemoTenant(db: Db, file: string): Promise<{ tenant: CreatedTenant; created: boolean }> {
  if (existsSync(file)) {
    try {
      const saved = JSON.parse(readFileSync(file, "utf8")) as CreatedTenant;
      const token = await db.apiToken.findUnique({ where: { tokenHash: hashApiToken(saved.testApiKey) } });
      if (token && token.tenantId === saved.tenantId && !token.revokedAt) return { tenant: saved, created: false };
    } catch {
      // unreadable or stale: make a new one below
    }
  }
  const tenant = await createTenant(db, {
    name: "Demo Marketplace",
    allowedBusinessIds: [DEMO_BUSINESS_ID],
    consoleEmail: `admin+${Date.now().toString(36)}@demo-marketplace.example`,
  });
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(tenant, null, 2)}\n`, { mode: 0o600 });
  return { tenant, created: true };
}
