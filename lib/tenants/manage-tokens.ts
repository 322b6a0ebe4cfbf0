// Actions on API tokens, for operators (CLI) and tenant admins (console): list, issue, rotate (new
// token, old one revoked) and revoke. Only the hash and a display prefix are stored, and for a
// sandbox token a sealed copy that an admin may show again (api-token-rows.ts); a live token
// exists only in the return value of issue/rotate.
import type { Db } from "../db/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import { newApiTokenRow } from "./api-token-rows.ts";

export async function listTenants(db: Db) {
  const tenants = await db.tenant.findMany({
    orderBy: { createdAt: "asc" },
    include: { apiTokens: { orderBy: { createdAt: "asc" } }, staffUsers: { select: { email: true, role: true } } },
  });
  return tenants.map((t) => ({
    tenantId: t.id,
    name: t.name,
    createdAt: t.createdAt.toISOString(),
    allowedBusinessIds: t.allowedBusinessIds,
    staff: t.staffUsers.map((s) => `${s.email} (${s.role})`),
    tokens: t.apiTokens.map((k) => ({
      tokenId: k.id,
      mode: k.mode,
      prefix: k.prefix,
      name: k.name,
      createdAt: k.createdAt.toISOString(),
      lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
      revokedAt: k.revokedAt?.toISOString() ?? null,
    })),
  }));
}

/** Issues a new token of `mode` and revokes the tenant's other active tokens of that mode. */
export async function rotateToken(
  db: Db,
  tenantId: string,
  mode: ApiMode,
): Promise<{ tokenId: string; apiKey: string; revoked: number }> {
  const fresh = newApiTokenRow(tenantId, mode, `Rotated ${mode} token`);
  return db.$transaction(async (tx) => {
    const tenant = await tx.tenant.findUnique({ where: { id: tenantId }, select: { id: true } });
    if (!tenant) throw new Error(`No tenant ${tenantId}.`);
    const { count } = await tx.apiToken.updateMany({
      where: { tenantId, mode, revokedAt: null },
      data: { revokedAt: new Date(), sealedToken: null },
    });
    const token = await tx.apiToken.create({ data: fresh.row });
    return { tokenId: token.id, apiKey: fresh.token, revoked: count };
  });
}

/** A further token of `mode`; the tenant's other tokens stay valid. */
export async function issueToken(db: Db, tenantId: string, mode: ApiMode, name: string) {
  const fresh = newApiTokenRow(tenantId, mode, name);
  const token = await db.apiToken.create({ data: fresh.row });
  return { token, apiKey: fresh.token };
}

/**
 * Revokes a token (scoped to `tenantId` when given). Authentication looks the token up on every
 * call (lib/auth/token-lookups.ts caches nothing), so the very next call with it is a 401. A revoked
 * key is never shown again: its sealed copy goes.
 */
export async function revokeToken(db: Db, tokenId: string, tenantId?: string): Promise<boolean> {
  const { count } = await db.apiToken.updateMany({
    where: { id: tokenId, revokedAt: null, ...(tenantId ? { tenantId } : {}) },
    data: { revokedAt: new Date(), sealedToken: null },
  });
  return count === 1;
}
