// The tenant's API tokens as the console shows and changes them. Anyone on the staff may see the
// list (never a token: only its prefix); only admins create or revoke one. A new token is returned
// in the answer to its creation; then a live one exists only as a hash, and a sandbox one also
// sealed, for an admin to show again (reveal-api-token.ts, lib/tenants/api-token-rows.ts).
import type { z } from "zod";
import { AppError } from "../../errors.ts";
import { db } from "../../db/client.ts";
import { issueToken, revokeToken } from "../../tenants/manage-tokens.ts";
import { assertAdmin, type StaffContext } from "../auth/staff-session.ts";
import { CreateTokenInput } from "./api-token-input.ts";

/** Enough for one per integration and environment; more usually means forgotten ones. */
export const MAX_ACTIVE_TOKENS = 20;

// Declared with the other bodies the pages import too; still found here by its older importers.
export { CreateTokenInput };

const view = (t: {
  id: string;
  name: string;
  mode: "test" | "live";
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  sealedToken: string | null;
  revealedAt: Date | null;
  revealedBy?: { email: string } | null;
}) => ({
  tokenId: t.id,
  name: t.name,
  mode: t.mode,
  prefix: t.prefix,
  createdAt: t.createdAt.toISOString(),
  lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
  revokedAt: t.revokedAt?.toISOString() ?? null,
  /** An admin may show it again: an active sandbox key kept sealed (never a live key). */
  revealable: t.mode === "test" && t.revokedAt === null && t.sealedToken !== null,
  /** When it was last shown again, and by whom. */
  revealed: t.revealedAt ? { at: t.revealedAt.toISOString(), by: t.revealedBy?.email ?? null } : null,
});

export type ApiTokenView = ReturnType<typeof view>;

/** Active tokens first, each group newest first. */
export async function listApiTokens(tenantId: string): Promise<ApiTokenView[]> {
  const tokens = await db.apiToken.findMany({
    where: { tenantId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: { revealedBy: { select: { email: true } } },
  });
  return tokens.map(view).sort((a, b) => Number(a.revokedAt !== null) - Number(b.revokedAt !== null));
}

export async function createApiToken(context: StaffContext, input: z.output<typeof CreateTokenInput>) {
  assertAdmin(context);
  const active = await db.apiToken.count({ where: { tenantId: context.tenant.id, revokedAt: null } });
  if (active >= MAX_ACTIVE_TOKENS)
    throw new AppError(
      "conflict",
      `You already have ${MAX_ACTIVE_TOKENS} active keys: revoke one you no longer use first.`,
    );
  const { token, apiKey } = await issueToken(db, context.tenant.id, input.mode, input.name);
  return { ...view(token), token: apiKey };
}

/** Effective at once: every API call looks its token up afresh. Revoking a revoked key changes nothing. */
export async function revokeApiToken(context: StaffContext, tokenId: string) {
  assertAdmin(context);
  const token = await db.apiToken.findFirst({ where: { id: tokenId, tenantId: context.tenant.id } });
  if (!token) throw AppError.notFound(`API key ${JSON.stringify(tokenId)}`);
  if (!token.revokedAt) await revokeToken(db, token.id, context.tenant.id);
  return view(
    await db.apiToken.findUniqueOrThrow({
      where: { id: token.id },
      include: { revealedBy: { select: { email: true } } },
    }),
  );
}
