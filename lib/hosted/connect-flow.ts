// The hosted connect flow (spec 4.4): sign in with the national eID, consent to the marketplace,
// and the user is connected (user.connected) and sent back; a failed sign-in, a KYC level the
// person does not reach, or a refusal sends them to cancelUrl with the reason. When the eID tells
// no postal address (a broker), the consent carries the one the person typed (decisions.md §11).
import { db } from "../db/client.ts";
import { connectUser } from "../users/connect-user.ts";
import { declaredAddress } from "./declared-address.ts";
import { consentingIdentity, signInOnSession, type SessionSignIn } from "./identity-step.ts";
import type { HostedOutcome } from "./hosted-outcome.ts";
import type { SessionWithTenant } from "./open-session.ts";
import type { CancelReason } from "./return-target.ts";

export async function signInToConnect(
  session: SessionWithTenant,
  identityChoice: string,
  token: string,
  now: Date,
): Promise<HostedOutcome> {
  return afterConnectSignIn(session, await signInOnSession(session, identityChoice, { kind: "Connect", token }), now);
}

/**
 * Where the connect flow goes after the eID answered (here, or at the broker's callback): on to
 * the consent, to the broker, back to sign in again after cancelling there, or to the tenant's
 * cancelUrl when the sign-in failed or reached too low a level.
 */
export async function afterConnectSignIn(
  session: SessionWithTenant,
  signedIn: SessionSignIn,
  now: Date,
): Promise<HostedOutcome> {
  if (signedIn.outcome === "at-broker") return { done: signedIn.authorizationUrl };
  if (signedIn.outcome === "failed") {
    if (signedIn.reason === "cancelled") return { back: true, error: "sign_in_cancelled" };
    return endConnect(session, signedIn.reason === "level_not_met" ? "kyc_level_not_met" : "sign_in_failed", now);
  }
  if (!signedIn.meetsLevel) return endConnect(session, "kyc_level_not_met", now);
  return { back: true, cookieToken: signedIn.cookieToken };
}

export async function consentToConnect(
  session: SessionWithTenant,
  rememberedToken: string | undefined,
  form: FormData,
  now: Date,
): Promise<HostedOutcome> {
  const person = await consentingIdentity(session, rememberedToken);
  if (!person) return { back: true };
  // Checked before the session is claimed: a refused address leaves the page open to correct it.
  const declared = declaredAddress(person.identity, form);
  if (!declared.ok) return declared.refused;
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
      declared.address,
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
