// The KYC level an eID sign-in through a broker earns (spec 4.4): level 1 needs a national
// electronic ID and, for a person with name and address protection, passport verification; level
// 2 needs the electronic ID and passport verification. achievedKycLevel
// (lib/identity/identity-provider.ts) decides the same for the simulated eID, where every sign-in
// counts as an electronic ID.
//
// Here a sign-in counts as holding the electronic ID only at substantial or high: a sign-in at low
// (a user name and one factor) is not enough to identify a customer under the anti-money-laundering
// rules, which ask for eIDAS substantial. Protection and passport verification are not in the
// broker's ID token (MitID says nothing about either), so the caller passes what it knows of them.
import { meetsEidLevel, type EidLevel } from "./eid-levels.ts";

export interface KycFacts {
  /** Name and address protection (navne- og adressebeskyttelse), from the caller's own source. */
  nameAddressProtected: boolean;
  /** The person went through passport verification. */
  passportVerified: boolean;
}

export function kycLevelFromEid(level: EidLevel, facts: KycFacts): 0 | 1 | 2 {
  if (!meetsEidLevel(level, "substantial")) return 0;
  if (facts.passportVerified) return 2;
  return facts.nameAddressProtected ? 0 : 1;
}
