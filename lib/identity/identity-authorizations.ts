// eID sign-ins begun at a broker, kept on the server until the browser comes back: found by the
// state's hash, used once (a second callback with the same state is a replay), ten minutes at
// most. The PKCE verifier and the page (its address holds the hosted link's token) are sealed,
// bound to the state, as docs/security.md asks of what identifies something outside.
import { createHash } from "node:crypto";
import { openSecret, sealSecret } from "../crypto/secret-box.ts";
import { db } from "../db/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import type { PendingBrokerSignIn } from "./identity-provider.ts";

const AUTHORIZATION_TTL_MS = 10 * 60 * 1000;

const hash = (state: string) => createHash("sha256").update(state).digest("hex");
const purpose = (stateHash: string, what: string) => `eid-authorization:${what}:${stateHash}`;

/** The hosted page a sign-in was begun on, where the browser returns. */
export interface SignInPage {
  kind: "Connect" | "Checkout";
  token: string;
}

export async function keepAuthorization(
  session: { id: string; mode: ApiMode },
  provider: string,
  pending: PendingBrokerSignIn,
  page: SignInPage,
): Promise<void> {
  const stateHash = hash(pending.state);
  const now = Date.now();
  // Personal data is kept no longer than needed: the expired ones go whenever a new one arrives.
  await db.identityAuthorization.deleteMany({ where: { expiresAt: { lt: new Date(now) } } });
  await db.identityAuthorization.create({
    data: {
      stateHash,
      hostedSessionId: session.id,
      mode: session.mode,
      provider,
      nonce: pending.nonce,
      codeVerifier: sealSecret(pending.codeVerifier, purpose(stateHash, "verifier")),
      requestedLevel: pending.requestedLevel,
      page: sealSecret(JSON.stringify(page), purpose(stateHash, "page")),
      expiresAt: new Date(now + AUTHORIZATION_TTL_MS),
    },
  });
}

export type FoundAuthorization = {
  id: string;
  page: SignInPage;
  hostedSessionId: string;
  pending: PendingBrokerSignIn;
};

/** The sign-in the callback's state names; null when the state is unknown or expired. */
export async function findAuthorization(state: string | null): Promise<FoundAuthorization | null> {
  if (!state) return null;
  const stateHash = hash(state);
  const row = await db.identityAuthorization.findUnique({ where: { stateHash } });
  if (!row || row.expiresAt.getTime() <= Date.now()) return null;
  return {
    id: row.id,
    page: JSON.parse(openSecret(row.page, purpose(stateHash, "page"))) as SignInPage,
    hostedSessionId: row.hostedSessionId,
    pending: {
      state,
      nonce: row.nonce,
      codeVerifier: openSecret(row.codeVerifier, purpose(stateHash, "verifier")),
      requestedLevel: row.requestedLevel,
    },
  };
}

/** Marks the sign-in used; false when it was used already (a second callback: a replay or a reload). */
export async function spendAuthorization(id: string): Promise<boolean> {
  const claimed = await db.identityAuthorization.updateMany({
    where: { id, usedAt: null },
    data: { usedAt: new Date() },
  });
  return claimed.count === 1;
}
