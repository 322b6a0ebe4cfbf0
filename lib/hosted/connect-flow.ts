// The hosted connect flow (spec 4.4): sign in with the national eID, consent to the marketplace,
// and the user is connected (user.connected) and sent back; a failed sign-in, a KYC level the
// person does not reach, or a refusal sends them to cancelUrl with the reason.
import { db } from "../db/client.ts";
import { connectUser } from "../users/connect-user.ts";
import { consentingIdentity, signInOnSession } from "./identity-step.ts";
import type { HostedOutcome } from "./hosted-outcome.ts";
import type { SessionWithTenant } from "./open-session.ts";
import type { CancelReason } from "./return-target.ts";

export async function signInToConnect(
  session: SessionWithTenant,
  identityChoice: string,
  now: Date,
): Promise<HostedOutcome> {
  const signedIn = await signInOnSession(session, identityChoice);
  if (!signedIn.ok) return endConnect(session, "sign_in_failed", now);
  if (!signedIn.meetsLevel) return endConnect(session, "kyc_level_not_met", now);
  return { back: true, cookieToken: signedIn.cookieToken };
}

export async function consentToConnect(
  session: SessionWithTenant,
  rememberedToken: string | undefined,
  now: Date,
): Promise<HostedOutcome> {
  const person = await consentingIdentity(session, rememberedToken);
  if (!person) return { back: true };
  // Claim the session first, so that a double submit connects once.
  const claimed = await db.hostedSession.updateMany({
    where: { id: session.id, state: "Open" },
    data: { state: "Completed", completedAt: now },
  });
  if (claimed.count === 1) {
    await connectUser(
      db,
      { tenantId: session.tenantId, mode: session.mode },
      session.marketplaceUserId,
      person.identity,
      person.level,
      now,
    );
  }
  return { ended: { kind: "success" } };
}

export async function endConnect(session: SessionWithTenant, reason: CancelReason, now: Date): Promise<HostedOutcome> {
  await db.hostedSession.updateMany({
    where: { id: session.id, state: "Open" },
    data: { state: "Cancelled", completedAt: now },
  });
  return { ended: { kind: "cancel", reason } };
}
