// Resolves the bearer token of a request to its tenant and mode.
import { db } from "../db/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import type { Tenant } from "../db/generated/client.ts";
import { ApiError } from "../api/errors.ts";
import { bearerToken, hashApiToken } from "./api-tokens.ts";

export interface TenantContext {
  tenant: Tenant;
  mode: ApiMode;
  tokenId: string;
}

const LAST_USED_RESOLUTION_MS = 60_000;

export async function authenticate(request: Request): Promise<TenantContext> {
  const token = bearerToken(request.headers.get("authorization"));
  if (!token) {
    throw new ApiError("unauthorized", "Send your API token as the header Authorization: Bearer esk_test_… or esk_live_….");
  }
  const found = await db.apiToken.findUnique({ where: { tokenHash: hashApiToken(token) }, include: { tenant: true } });
  if (!found || found.revokedAt) {
    throw new ApiError("unauthorized", "This API token is not valid or has been revoked.");
  }
  const now = Date.now();
  if (!found.lastUsedAt || now - found.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    // Bookkeeping only, at most once a minute per token; a failure here must not fail the call.
    db.apiToken
      .updateMany({ where: { id: found.id }, data: { lastUsedAt: new Date(now) } })
      .catch((error: unknown) => console.error("Could not record token use", error));
  }
  return { tenant: found.tenant, mode: found.mode, tokenId: found.id };
}
