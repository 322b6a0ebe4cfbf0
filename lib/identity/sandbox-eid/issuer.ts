// The sandbox's national eID is an OpenID provider of its own, served under /sandbox-eid, so that
// the hosted pages sign people in over OpenID Connect in the sandbox exactly as in live mode (the
// relying party of lib/identity/oidc, its one code path): discovery, authorization code with PKCE,
// state, nonce, the level asked as acr_values and checked in a signed ID token. What differs is
// only who answers: its test people (lib/identity/simulated-identity-provider.ts) instead of MitID.
//
// The browser reaches its authorization endpoint over HTTP like any broker's. The relying party
// reaches its discovery, token and key endpoints in the same process (in-process-fetch.ts): a
// server need not be able to call its own public address, and the code it redeems was issued by
// whichever instance the browser reached (the code is sealed, so any instance can redeem it).
import { randomBytes } from "node:crypto";
import { publicBaseUrl } from "../../config.ts";
import { EID_LEVELS, mitIdAcrValue } from "../oidc/eid-levels.ts";

export const SANDBOX_EID_PATH = "/sandbox-eid";
export const SANDBOX_EID_CLIENT_ID = "escrow-sandbox";

/**
 * The client secret of the sandbox's relying party: this process's own. Only this process's
 * relying party calls this process's token endpoint (in-process), so nothing needs to share it.
 */
export const SANDBOX_EID_CLIENT_SECRET = randomBytes(32).toString("base64url");

export const sandboxIssuer = () => `${publicBaseUrl()}${SANDBOX_EID_PATH}`;

/** The one redirect URI the sandbox's client has registered: the hosted pages' eID callback. */
export const sandboxRedirectUri = () => `${publicBaseUrl()}/eid/callback`;

/** The discovery document (OpenID Connect Discovery 1.0), for the issuer the relying party asks for. */
export function sandboxDiscovery(issuer = sandboxIssuer()) {
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/jwks`,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["ES256"],
    token_endpoint_auth_methods_supported: ["client_secret_basic"],
    code_challenge_methods_supported: ["S256"],
    scopes_supported: ["openid", "profile"],
    acr_values_supported: EID_LEVELS.filter((level) => level !== "low").map(mitIdAcrValue),
    claims_supported: [
      "sub",
      "acr",
      "name",
      "given_name",
      "family_name",
      "address",
      "phone_number",
      "name_address_protected",
    ],
  };
}
