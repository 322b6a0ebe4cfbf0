// Remembered national eID sign-ins: after signing in on a hosted page the browser keeps an
// HttpOnly cookie with a random token, so connecting to another marketplace within the hour needs
// only the user's consent (spec 4.4: forceOnboarding=true ignores it). Only the token's hash is
// stored, next to the verified attributes the provider returned.
import { createHash, randomBytes } from "node:crypto";
import { db } from "../db/client.ts";
import type { Prisma } from "../db/generated/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import type { VerifiedIdentity } from "./identity-provider.ts";

export const SIGN_IN_TTL_MS = 60 * 60 * 1000;

const hash = (token: string) => createHash("sha256").update(token).digest("hex");

export interface RememberedSignIn {
  id: string;
  identity: VerifiedIdentity;
}

/** Stores a fresh sign-in; returns its id and the cookie token (shown only now). */
export async function rememberSignIn(
  mode: ApiMode,
  provider: string,
  identity: VerifiedIdentity,
): Promise<{ id: string; token: string }> {
  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  // Personal data is kept no longer than needed: expired sign-ins go whenever a new one arrives.
  await db.identitySignIn.deleteMany({ where: { expiresAt: { lt: new Date(now) } } });
  const row = await db.identitySignIn.create({
    data: {
      tokenHash: hash(token),
      mode,
      provider,
      identity: identity as unknown as Prisma.InputJsonValue,
      expiresAt: new Date(now + SIGN_IN_TTL_MS),
    },
    select: { id: true },
  });
  return { id: row.id, token };
}

/** The sign-in a cookie token names, if it is still valid for this mode. */
export async function findSignInByToken(token: string | undefined, mode: ApiMode): Promise<RememberedSignIn | null> {
  if (!token) return null;
  const row = await db.identitySignIn.findUnique({ where: { tokenHash: hash(token) } });
  return row && row.mode === mode && row.expiresAt.getTime() > Date.now()
    ? { id: row.id, identity: row.identity as unknown as VerifiedIdentity }
    : null;
}

export async function findSignInById(id: string): Promise<RememberedSignIn | null> {
  const row = await db.identitySignIn.findUnique({ where: { id } });
  return row ? { id: row.id, identity: row.identity as unknown as VerifiedIdentity } : null;
}
