// Resolves the bearer token of a request to its tenant and mode.
import { db } from "../db/client.ts";
import { sql } from "../db/sql.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import type { Tenant } from "../db/generated/client.ts";
import { ApiError } from "../errors.ts";
import { bearerToken, hashApiToken } from "./api-tokens.ts";
import { log } from "../ops/log.ts";

export interface TenantContext {
  tenant: Tenant;
  mode: ApiMode;
  tokenId: string;
}

const LAST_USED_RESOLUTION_MS = 60_000;

/** The token's columns under their own names, then every column of its tenant (t.*). */
type TokenRow = Tenant & {
  tokenId: string;
  tokenMode: ApiMode;
  tokenRevokedAt: Date | null;
  tokenLastUsedAt: Date | null;
};

export async function authenticate(request: Request): Promise<TenantContext> {
  const token = bearerToken(request.headers.get("authorization"));
  if (!token) {
    throw new ApiError(
      "unauthorized",
      "Send your API token as the header Authorization: Bearer esk_test_… or esk_live_….",
    );
  }
  // One round trip for the token and its tenant, read fresh on every call (never cached; plain SQL, lib/db/sql.ts): a revoked
  // token fails on its next call on every instance, and the tenant row carries the sandbox clock and
  // the settings that the call must see as they are now. (Prisma's include would make it two.)
  const [found] = await sql<TokenRow>(
    `SELECT k."id" AS "tokenId", k."mode"::text AS "tokenMode", k."revokedAt" AS "tokenRevokedAt", k."lastUsedAt" AS "tokenLastUsedAt", t.*
     FROM "ApiToken" k JOIN "Tenant" t ON t."id" = k."tenantId"
     WHERE k."tokenHash" = $1`,
    [hashApiToken(token)],
  );
  if (!found || found.tokenRevokedAt) {
    throw new ApiError("unauthorized", "This API token is not valid or has been revoked.");
  }
  const { tokenId, tokenMode, tokenRevokedAt: _revoked, tokenLastUsedAt, ...tenant } = found;
  const now = Date.now();
  if (!tokenLastUsedAt || now - tokenLastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    // Bookkeeping only, at most once a minute per token; a failure here must not fail the call.
    db.apiToken
      .updateMany({ where: { id: tokenId }, data: { lastUsedAt: new Date(now) } })
      .catch((error: unknown) => log.error("Could not record token use", error));
  }
  return { tenant, mode: tokenMode, tokenId };
}
