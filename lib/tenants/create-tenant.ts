// Provisions a tenant: the tenant row, a test and a live API token, and an admin console user.
// The password and the live token exist in plain text only in the return value (shown once); the
// test token is also kept sealed, for an admin to show again in the console (api-token-rows.ts).
import type { Db } from "../db/client.ts";
import { generatePassword, hashPassword } from "../auth/passwords.ts";
import { newApiTokenRow } from "./api-token-rows.ts";
import { checkHostedPageSettings, type HostedPageSettings } from "./hosted-page-settings.ts";
import { checkRateLimit } from "./rate-limit-settings.ts";

export interface CreateTenantInput extends HostedPageSettings {
  name: string;
  allowedBusinessIds?: string[];
  consoleEmail?: string;
  /** API requests per minute per token; the schema's default (1,200) when not given. */
  rateLimitPerMinute?: number;
}

export interface CreatedTenant {
  tenantId: string;
  name: string;
  testApiKey: string;
  liveApiKey: string;
  consoleEmail: string;
  consolePassword: string;
}

export async function createTenant(db: Db, input: CreateTenantInput): Promise<CreatedTenant> {
  const name = input.name.trim();
  if (!name || name.length > 200) throw new Error("The tenant name must be 1 to 200 characters.");
  const hosted = checkHostedPageSettings({
    brandName: input.brandName,
    brandColor: input.brandColor,
    locale: input.locale,
    allowedRedirectOrigins: input.allowedRedirectOrigins ?? [],
  });
  const rateLimit =
    input.rateLimitPerMinute === undefined ? {} : { rateLimitPerMinute: checkRateLimit(input.rateLimitPerMinute) };
  const consolePassword = generatePassword();
  const passwordHash = await hashPassword(consolePassword);

  return db.$transaction(async (tx) => {
    const tenant = await tx.tenant.create({
      data: { name, allowedBusinessIds: input.allowedBusinessIds ?? [], ...hosted, ...rateLimit },
    });
    const consoleEmail = (input.consoleEmail ?? `admin+${tenant.id.slice(0, 8)}@${slug(name)}.example`).toLowerCase();
    const test = newApiTokenRow(tenant.id, "test", "Default test token");
    const live = newApiTokenRow(tenant.id, "live", "Default live token");
    await tx.apiToken.createMany({ data: [test.row, live.row] });
    await tx.staffUser.create({
      data: { tenantId: tenant.id, email: consoleEmail, name: "Administrator", passwordHash, role: "admin" },
    });
    return { tenantId: tenant.id, name, testApiKey: test.token, liveApiKey: live.token, consoleEmail, consolePassword };
  });
}

function slug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 40) || "tenant"
  );
}
