// Tenant rows as of their row version, for the API's authentication (lib/auth/token-lookups.ts).
//
// Every call needs its tenant's whole row (the sandbox clock, the fees, the rate limit, the
// settings), as it is now. Reading the 25 columns with every call cost more CPU than the rest of
// the lookup: numerics become Decimals, arrays and timestamps are parsed, and every call made a
// new object of them. So the token's statement reads the row's version (`xmin`, which every
// update of the row changes) instead, and the row itself comes from here when this process has
// that very version, or is read again (and kept) when it has not. The call still sees the row as
// it was when its own statement ran: a version is a committed row version, never an older one
// kept too long.
//
// The rows are shared by every call that has the same version, so they are frozen: a call that
// tried to change its tenant would fail loudly instead of changing the next call's.
import type { Tenant } from "../db/generated/client.ts";
import { sql } from "../db/sql.ts";

/** Distinct tenants kept: far more than one process serves; a bound, not a cache policy. */
const MAX_KEPT = 10_000;

const kept = new Map<string, { version: string; tenant: Tenant }>();

/** The tenant as of `version`, if this process has read that version. */
export function tenantAtVersion(tenantId: string, version: string): Tenant | undefined {
  const known = kept.get(tenantId);
  return known?.version === version ? known.tenant : undefined;
}

const ONE = `SELECT t.*, t."xmin"::text AS "tenantVersion" FROM "Tenant" t WHERE t."id" = $1`;
const SOME = `SELECT t.*, t."xmin"::text AS "tenantVersion" FROM "Tenant" t WHERE t."id" = ANY($1::text[])`;

/**
 * Reads the tenants' rows as they are now and keeps them. A row read here may be newer than the
 * version the caller's statement saw (changed in between): newer is what the call gets then.
 */
export async function readTenants(tenantIds: string[]): Promise<Map<string, Tenant>> {
  const rows = await sql<Tenant & { tenantVersion: string }>(
    tenantIds.length === 1 ? ONE : SOME,
    tenantIds.length === 1 ? tenantIds : [tenantIds],
  );
  if (kept.size + rows.length > MAX_KEPT) kept.clear();
  const read = new Map<string, Tenant>();
  for (const { tenantVersion, ...row } of rows) {
    const tenant = deepFreeze(row);
    kept.set(tenant.id, { version: tenantVersion, tenant });
    read.set(tenant.id, tenant);
  }
  return read;
}

function deepFreeze(tenant: Tenant): Tenant {
  Object.freeze(tenant.allowedBusinessIds);
  Object.freeze(tenant.allowedRedirectOrigins);
  return Object.freeze(tenant);
}
