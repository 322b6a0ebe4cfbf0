// The "confirm who you are" part of the connect page and of a checkout whose payer is not yet
// connected: sign in with the national eID (or reuse the sign-in this browser remembers, unless
// the tenant forced a fresh one), then consent to connecting to the marketplace.
import {
  achievedKycLevel,
  type SignInResult,
  type TestIdentity,
  type VerifiedIdentity,
} from "../identity/identity-provider.ts";
import { keepAuthorization, type SignInPage } from "../identity/identity-authorizations.ts";
import { findSignInById, findSignInByToken, rememberSignIn } from "../identity/sign-ins.ts";
import { identityProviderFor } from "../outside-parties.ts";
import { db } from "../db/client.ts";
import type { HostedSession } from "../db/generated/client.ts";

export type IdentityStep =
  | { step: "sign-in"; higherLevelNeeded: boolean }
  | { step: "consent"; identity: VerifiedIdentity; level: 0 | 1 | 2; signInId: string };

/** KYC level the flow needs (spec 4.4): the tenant's requiredKycLevel, Medium when none was sent. */
export function requiredKycLevel(session: Pick<HostedSession, "kind" | "requiredKycLevel">): 1 | 2 {
  return session.kind === "Connect" && session.requiredKycLevel === 2 ? 2 : 1;
}

/**
 * The people a tester picks from on the sign-in form (the sandbox's eID, the account's own first);
 * none where a broker's own page signs the person in.
 */
export function testPeopleFor(
  session: Pick<HostedSession, "kind" | "mode" | "marketplaceUserId" | "requiredKycLevel">,
): TestIdentity[] {
  const provider = identityProviderFor(session.mode);
  return (
    provider.testIdentities?.({ seed: session.marketplaceUserId, passport: requiredKycLevel(session) === 2 }) ?? []
  );
}

export async function identityStep(
  session: HostedSession,
  rememberedToken: string | undefined,
  signInAgain = false,
): Promise<IdentityStep> {
  const own = session.identitySignInId ? await findSignInById(session.identitySignInId) : null;
  if (own && !signInAgain)
    return { step: "consent", identity: own.identity, level: achievedKycLevel(own.identity), signInId: own.id };
  if (session.forceOnboarding || signInAgain) return { step: "sign-in", higherLevelNeeded: false };
  const remembered = await findSignInByToken(rememberedToken, session.mode);
  if (!remembered) return { step: "sign-in", higherLevelNeeded: false };
  // A sign-in remembered for another account of this marketplace is not offered: whoever uses
  // this browser now (a second account, a partner, the buyer after the seller in a sandbox test)
  // signs in for themself rather than connect as that person with one click.
  if (await connectedToAnotherAccount(session, remembered.identity.subject))
    return { step: "sign-in", higherLevelNeeded: false };
  const level = achievedKycLevel(remembered.identity);
  if (level < requiredKycLevel(session)) return { step: "sign-in", higherLevelNeeded: true };
  return { step: "consent", identity: remembered.identity, level, signInId: remembered.id };
}

export type SessionSignIn =
  | { outcome: "signed-in"; cookieToken: string; meetsLevel: boolean }
  | { outcome: "failed"; reason: "sign_in_failed" | "cancelled" | "level_not_met" }
  | { outcome: "at-broker"; authorizationUrl: string };

/**
 * Signs in with the eID for the session: the browser goes to the eID's issuer next (a broker, or
 * the sandbox's own with the test person picked), and the sign-in completes at our callback
 * (lib/hosted/eid-callback-route.ts), kept meanwhile (lib/identity/identity-authorizations.ts).
 */
export async function signInOnSession(
  session: HostedSession,
  identityChoice: string,
  page: SignInPage,
): Promise<SessionSignIn> {
  const identityProvider = identityProviderFor(session.mode);
  const begun = await identityProvider.begin(
    requiredKycLevel(session),
    identityProvider.testIdentities ? identityChoice : undefined,
  );
  await keepAuthorization(session, identityProvider.name, begun.pending, page);
  return { outcome: "at-broker", authorizationUrl: begun.authorizationUrl };
}

/** The eID's answer, at our callback, recorded on the session. */
export async function signedInOnSession(
  session: HostedSession,
  provider: string,
  result: SignInResult,
): Promise<SessionSignIn> {
  if (!result.ok) return { outcome: "failed", reason: result.reason };
  return { outcome: "signed-in", ...(await recordSignIn(session, provider, result.identity)) };
}

/** A completed sign-in, remembered for the browser's cookie and recorded on the session. */
async function recordSignIn(
  session: HostedSession,
  provider: string,
  identity: VerifiedIdentity,
): Promise<{ cookieToken: string; meetsLevel: boolean }> {
  const { id, token } = await rememberSignIn(session.mode, provider, identity);
  await db.hostedSession.updateMany({ where: { id: session.id, state: "Open" }, data: { identitySignInId: id } });
  return { cookieToken: token, meetsLevel: achievedKycLevel(identity) >= requiredKycLevel(session) };
}

/** The identity the user consents to connect, when the session has one that is good enough. */
export async function consentingIdentity(
  session: HostedSession,
  rememberedToken: string | undefined,
): Promise<{ identity: VerifiedIdentity; level: 1 | 2 } | null> {
  const step = await identityStep(session, rememberedToken);
  if (step.step !== "consent" || step.level < requiredKycLevel(session)) return null;
  return { identity: step.identity, level: step.level as 1 | 2 };
}

/** Whether the person is connected to another marketplace user of the session's tenant and mode. */
async function connectedToAnotherAccount(session: HostedSession, identitySubject: string): Promise<boolean> {
  const account = await db.serviceAccount.findUnique({
    where: { tenantId_mode_identitySubject: { tenantId: session.tenantId, mode: session.mode, identitySubject } },
    select: {
      connections: { where: { marketplaceUserId: { not: session.marketplaceUserId } }, take: 1, select: { id: true } },
    },
  });
  return (account?.connections.length ?? 0) > 0;
}
