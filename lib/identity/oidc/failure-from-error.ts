// Turns what openid-client throws while redeeming the code into a sign-in failure. The detail is
// chosen here from the error's kind and code, never copied from the error: openid-client's causes
// carry the expected nonce and state and the token response, and a message may quote them.
import * as client from "openid-client";
import { signInFailure, type OidcSignInResult } from "./sign-in-result.ts";

// The MitID brokers answer a person who presses Cancel (in the broker's page or in MitID itself)
// with the standard error=access_denied; none documents a separate cancel code for that redirect.
const CANCEL_ERRORS = new Set(["access_denied"]);

/** Only the OAuth error code, which is a short token from a fixed vocabulary, is repeated. */
function errorCode(value: unknown): string {
  return typeof value === "string" && /^[\w.-]{1,64}$/.test(value) ? value : "unknown";
}

/** The broker's answer on the redirect was an error (error=… instead of code=…). */
export function failureFromErrorResponse(error: string | null): OidcSignInResult {
  const code = errorCode(error);
  if (CANCEL_ERRORS.has(code)) return signInFailure("cancelled", "The person cancelled the eID sign-in.");
  return signInFailure("failed", `The eID broker answered the sign-in with error ${code}.`);
}

const CHECK_DETAILS: Record<string, string> = {
  OAUTH_JWT_CLAIM_COMPARISON_FAILED:
    "The ID token's issuer, audience or nonce is not the one expected: the sign-in is refused.",
  OAUTH_JWT_TIMESTAMP_CHECK_FAILED: "The ID token has expired or is not valid yet: the sign-in is refused.",
  OAUTH_KEY_SELECTION_FAILED: "No key of the broker matches the ID token's signature: the sign-in is refused.",
  OAUTH_INVALID_RESPONSE: "The broker's answer did not conform to OpenID Connect: the sign-in is refused.",
  OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED: "The broker's answer did not match the sign-in: the sign-in is refused.",
  OAUTH_TIMEOUT: "The eID broker did not answer in time.",
};

export function failureFromError(error: unknown): OidcSignInResult {
  if (error instanceof client.ResponseBodyError) {
    // invalid_grant: the code was redeemed already (the broker revokes what it issued for it),
    // has expired, or does not match the PKCE verifier. A second use of a callback is the
    // ordinary way to get here; the caller treats all of them as a replay to be refused.
    if (error.error === "invalid_grant") {
      return signInFailure("replayed", "The eID broker refused the authorization code: used already or expired.");
    }
    return signInFailure("failed", `The eID broker's token endpoint answered error ${errorCode(error.error)}.`);
  }
  if (error instanceof client.WWWAuthenticateChallengeError) {
    // A 401 with WWW-Authenticate: the broker refused the client's credentials (invalid_client
    // under client_secret_basic). Which secret was sent is not said.
    const code = errorCode(error.cause[0]?.parameters.error);
    return signInFailure("failed", `The eID broker's token endpoint answered error ${code}.`);
  }
  if (error instanceof client.AuthorizationResponseError) return failureFromErrorResponse(error.error);
  if (error instanceof client.ClientError) {
    // The one INVALID_RESPONSE worth its own words; compared, not copied.
    if (error.cause instanceof Error && error.cause.message === "JWT signature verification failed") {
      return signInFailure(
        "failed",
        "The ID token's signature does not verify with the broker's keys: the sign-in is refused.",
      );
    }
    const detail = error.code ? CHECK_DETAILS[error.code] : undefined;
    return signInFailure("failed", detail ?? `The eID sign-in could not be completed (${errorCode(error.code)}).`);
  }
  // Anything else is the network (a TypeError from fetch) or a bug; neither has words for a log
  // that are safe to copy, so only its kind is named.
  const kind = error instanceof Error ? errorCode(error.name) : "unknown";
  return signInFailure("failed", `The eID broker could not be reached or answered unreadably (${kind}).`);
}
