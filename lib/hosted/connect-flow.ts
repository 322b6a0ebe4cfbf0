// The hosted connect flow (spec 4.4): sign in with the national eID, check the KYC level the
// tenant asked for, connect the user (user.connected) and send the browser back.
import { tenantNow } from "../clock.ts";
import { db } from "../db/client.ts";
import { achievedKycLevel } from "../identity/identity-provider.ts";
import { simulatedIdentityProvider } from "../identity/simulated-identity-provider.ts";
import { connectUser } from "../users/connect-user.ts";
import { withReason } from "./form-post.ts";
import { hashSessionToken } from "./sessions.ts";

export const identityProvider = simulatedIdentityProvider;

export async function loadConnectSession(token: string) {
  const session = await db.hostedSession.findUnique({ where: { tokenHash: hashSessionToken(token) }, include: { tenant: true } });
  if (!session || session.kind !== "Connect") return null;
  const now = tenantNow(session.tenant, session.mode);
  const usable = session.state === "Open" && session.expiresAt > now;
  return { session, usable, now };
}

/** Where to send the browser: successUrl, or cancelUrl with a reason. */
export async function completeConnect(token: string, identityId: string): Promise<string | null> {
  const loaded = await loadConnectSession(token);
  if (!loaded?.usable) return null;
  const { session, now } = loaded;
  const result = await identityProvider.signIn(identityId);
  if (!result.ok) return finish(session.id, "Cancelled", withReason(session.cancelUrl, result.reason));

  const level = achievedKycLevel(result.identity);
  const required = session.requiredKycLevel ?? 1;
  if (level < required) return finish(session.id, "Cancelled", withReason(session.cancelUrl, "kyc_level_not_met"));

  // Claim the session first, so a double submit connects once.
  const claimed = await db.hostedSession.updateMany({ where: { id: session.id, state: "Open" }, data: { state: "Completed", completedAt: now } });
  if (claimed.count !== 1) return null;
  await connectUser(db, { tenantId: session.tenantId, mode: session.mode }, session.marketplaceUserId, result.identity, level as 1 | 2, now);
  return session.successUrl ?? "/";
}

export async function cancelConnect(token: string): Promise<string | null> {
  const loaded = await loadConnectSession(token);
  if (!loaded?.usable) return null;
  return finish(loaded.session.id, "Cancelled", withReason(loaded.session.cancelUrl, "cancelled"));
}

async function finish(sessionId: string, state: "Cancelled", target: string): Promise<string | null> {
  const { count } = await db.hostedSession.updateMany({ where: { id: sessionId, state: "Open" }, data: { state, completedAt: new Date() } });
  return count === 1 ? target : null;
}


