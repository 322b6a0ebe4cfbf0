// Finishes an eID sign-in when the person comes back to our callback URL: checks that the answer
// belongs to the pending sign-in (state), redeems the code with the PKCE verifier, lets
// openid-client verify the ID token (signature, iss, aud, exp, nonce), and then checks what
// openid-client does not: the level reached. openid-client never compares `acr` to acr_values, and
// a broker may answer a lower level than asked (acr_values is a request, not a demand), so the
// level is read from the configured claim and compared in order.
//
// The state is compared here, before openid-client, so that a mismatch has a reason of its own; a
// forged or crossed callback is refused before anything is sent to the broker.
import { timingSafeEqual } from "node:crypto";
import * as client from "openid-client";
import type { PendingSignIn } from "./begin-sign-in.ts";
import { brokerConfiguration, rememberBrokerKeys } from "./discover-broker.ts";
import { eidLevelFromClaim, meetsEidLevel } from "./eid-levels.ts";
import { failureFromError, failureFromErrorResponse } from "./failure-from-error.ts";
import { identityFromClaims } from "./identity-from-claims.ts";
import type { OidcEidConfig } from "./oidc-config.ts";
import { signInFailure, type OidcSignInResult } from "./sign-in-result.ts";

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

async function redeem(config: OidcEidConfig, callback: URL, pending: PendingSignIn): Promise<OidcSignInResult> {
  const configuration = await brokerConfiguration(config);
  // openid-client sends the address it is given, without its query, as the token request's
  // redirect_uri; behind a proxy the address the request arrived at is not the registered one.
  const answer = new URL(config.redirectUri);
  answer.search = callback.search;
  const tokens = await client.authorizationCodeGrant(configuration, answer, {
    pkceCodeVerifier: pending.codeVerifier,
    expectedState: pending.state,
    expectedNonce: pending.nonce,
    idTokenExpected: true,
  });
  await rememberBrokerKeys(config, configuration);
  const claims = tokens.claims();
  if (!claims) return signInFailure("failed", "The eID broker returned no ID token.");
  const level = eidLevelFromClaim(claims[config.levelClaim]);
  if (!level) {
    return signInFailure("failed", `The ID token's ${config.levelClaim} claim names no eID level.`);
  }
  if (!meetsEidLevel(level, pending.requestedLevel)) {
    return signInFailure("level_not_met", `The person signed in at ${level}; ${pending.requestedLevel} was asked.`);
  }
  const reading = identityFromClaims(claims, level, config.levelClaim);
  return reading.ok ? { ok: true, identity: reading.identity } : signInFailure("failed", reading.detail);
}

export async function completeSignIn(
  config: OidcEidConfig,
  callbackUrl: string | URL,
  pending: PendingSignIn,
): Promise<OidcSignInResult> {
  let callback: URL;
  try {
    callback = new URL(callbackUrl);
  } catch {
    return signInFailure("failed", "The callback address is not a URL.");
  }
  const state = callback.searchParams.get("state");
  if (state === null || !sameText(state, pending.state)) {
    return signInFailure("state_mismatch", "The callback's state is not this browser's pending sign-in.");
  }
  if (callback.searchParams.has("error")) return failureFromErrorResponse(callback.searchParams.get("error"));
  try {
    return await redeem(config, callback, pending);
  } catch (error) {
    return failureFromError(error);
  }
}
