// The national eID (MitID) through an OpenID Connect broker: Idura/Criipto Verify, Signicat or the
// Nets eID broker, which one being only its issuer URL and the client it issued. The relying party
// is these few functions over openid-client; the hosted connect page keeps the pending sign-in
// between beginSignIn and completeSignIn.
export { beginSignIn, type BegunSignIn, type PendingSignIn } from "./begin-sign-in.ts";
export { completeSignIn } from "./complete-sign-in.ts";
export { brokerConfiguration, forgetDiscoveredBrokers } from "./discover-broker.ts";
export { EID_LEVELS, eidLevelFromClaim, meetsEidLevel, mitIdAcrValue, type EidLevel } from "./eid-levels.ts";
export { kycLevelFromEid, type KycFacts } from "./kyc-level-from-eid.ts";
export { oidcEidConfig, type OidcEidConfig, type OidcEidSettings } from "./oidc-config.ts";
export type { OidcIdentity, OidcSignInFailure, OidcSignInResult } from "./sign-in-result.ts";
