// The national electronic-ID sign-in, an outside party (decisions.md §7). The hosted connect page
// talks to it only through this interface, and always over OpenID Connect: a MitID broker
// (lib/identity/broker-identity-provider.ts) or the sandbox's own eID (lib/identity/sandbox-eid),
// whose test person the tester picks on our page.

export interface VerifiedIdentity {
  /** Stable, non-reversible subject for this person (never the national id number). */
  subject: string;
  name: string;
  address: string;
  city: string;
  postalCode: string;
  phoneNumber: string | null;
  /** Name and address protection: level 1 needs passport verification for such a person. */
  nameAddressProtected: boolean;
  passportVerified: boolean;
  /** YYYY-MM-DD when the eID told it (a broker's birthdate claim). */
  birthdate?: string | null;
  /**
   * The eID tells no postal address (a broker): address, city and postalCode are empty, and the
   * person gives them on the consent step, kept as self-declared (decisions.md §11).
   */
  addressToDeclare?: boolean;
}

/** A person a tester can sign in as; what signing in as them shows is in lib/i18n
 *  (identity.testPersonDetail, by detailKey). */
export interface TestIdentity {
  id: string;
  label: string;
  detailKey: string;
}

/** The account a sign-in page is for: the simulated eID offers it a test person of its own. */
export interface SignInFor {
  /** Stable for the account (its marketplace user id): the same account gets the same person. */
  seed: string;
  /** The page needs passport verification (KYC level 2). */
  passport: boolean;
}

export type SignInResult =
  { ok: true; identity: VerifiedIdentity } | { ok: false; reason: "sign_in_failed" | "cancelled" | "level_not_met" };

/**
 * A sign-in that kept until the person comes back from the broker: the state finds it, the nonce
 * and the PKCE verifier complete it (stored by lib/identity/identity-authorizations.ts).
 */
export interface PendingBrokerSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  requestedLevel: string;
}

/**
 * A national eID over OpenID Connect: the browser is sent to the issuer and comes back to our
 * callback (lib/hosted/eid-callback-route.ts), where the sign-in completes.
 */
export interface IdentityProvider {
  readonly name: string;
  /**
   * Where to send the browser to sign in at the level KYC `kycLevel` needs, and what to keep until
   * it is back; `testIdentity` is the sandbox's person picked on the page.
   */
  begin(kycLevel: 1 | 2, testIdentity?: string): Promise<{ authorizationUrl: string; pending: PendingBrokerSignIn }>;
  /** The callback's query (code and state, or the issuer's error) with the sign-in it completes. */
  complete(callbackQuery: URLSearchParams, pending: PendingBrokerSignIn): Promise<SignInResult>;
  /** The sandbox's eID: the people a tester picks from on the sign-in page, the first preselected. */
  testIdentities?(account: SignInFor): TestIdentity[];
}

/** KYC level the person reaches (spec 4.4): 2 with passport verification; 1 with the eID unless
 *  name and address are protected; 0 otherwise. */
export function achievedKycLevel(identity: VerifiedIdentity): 0 | 1 | 2 {
  if (identity.passportVerified) return 2;
  return identity.nameAddressProtected ? 0 : 1;
}
