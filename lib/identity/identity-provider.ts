// The national electronic-ID sign-in, an outside party (decisions.md §7). The hosted connect page
// talks to it only through this interface; the simulated provider below stands in for the real one.

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
  { ok: true; identity: VerifiedIdentity } | { ok: false; reason: "sign_in_failed" | "cancelled" };

export interface IdentityProvider {
  readonly name: string;
  /**
   * Identities a tester can pick on the simulated sign-in page (empty for a real provider); the
   * first is the one preselected.
   */
  testIdentities(account: SignInFor): TestIdentity[];
  signIn(identityId: string): Promise<SignInResult>;
}

/** KYC level the person reaches (spec 4.4): 2 with passport verification; 1 with the eID unless
 *  name and address are protected; 0 otherwise. */
export function achievedKycLevel(identity: VerifiedIdentity): 0 | 1 | 2 {
  if (identity.passportVerified) return 2;
  return identity.nameAddressProtected ? 0 : 1;
}
