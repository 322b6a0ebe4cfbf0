// Resolves the bearer token of a request to its tenant and mode.
import { db } from "../db/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import type { Tenant } from "../db/generated/client.ts";
import { AppError } from "../errors.ts";
import { bearerToken, hashApiToken } from "./api-tokens.ts";
import { lookUpToken } from "./token-lookups.ts";
import { log } from "../ops/log.ts";

export interface TenantContext {
  tenant: Tenant;
  mode: ApiMode;
  tokenId: string;
}

const LAST_USED_RESOLUTION_MS = 60_000;
/** When this process last recorded each token's use: a flood's requests record it once, not each. */
const recordedUse = new Map<string, number>();

/** `authorization`: the request's Authorization header (null when it sent none). */
export async function authenticate(authorization: string | null): Promise<TenantContext> {
  const token = bearerToken(authorization);
  if (!token) {
    throw new AppError(
      "unauthorized",
      "Send your API token as the header Authorization: Bearer esk_test_… or esk_live_….",
    );
  }
  // The token and its tenant, read fresh for every call (never cached; lookups that arrive together
  // share one statement, lib/auth/token-lookups.ts): a revoked token fails on its next call on every
  // instance, and the tenant row carries the sandbox clock and the settings that the call must see
  // as they are now (the row as of the statement's version of it, lib/auth/tenant-versions.ts).
  const found = await lookUpToken(hashApiToken(token));
  if (!found || found.tokenRevokedAt) {
    throw new AppError("unauthorized", "This API token is not valid or has been revoked.");
  }
  const { tokenId, tokenMode, tokenLastUsedAt, tenant } = found;
  const now = Date.now();
  const lastUsed = Math.max(tokenLastUsedAt?.getTime() ?? 0, recordedUse.get(tokenId) ?? 0);
  if (now - lastUsed > LAST_USED_RESOLUTION_MS) {
    // Bookkeeping only, at most once a minute per token; a failure here must not fail the call.
    if (recordedUse.size > 10_000) recordedUse.clear();
    recordedUse.set(tokenId, now);
    db.apiToken
      .updateMany({ where: { id: tokenId }, data: { lastUsedAt: new Date(now) } })
      .catch((error: unknown) => log.error("Could not record token use", error));
  }
  return { tenant, mode: tokenMode, tokenId };
}
