// Starts an eID sign-in: the address to send the person to, and what must be kept until they come
// back (the pending sign-in). Authorization code flow with PKCE (S256), a fresh state and nonce
// for every sign-in, the level asked as acr_values, and prompt=login so that a broker session left
// in the browser by someone else never stands in for the person in front of it.
//
// The pending sign-in holds the PKCE code verifier, which with a stolen code is enough to redeem
// it: keep it on the server or sealed (lib/crypto), bound to this browser, and use it once.
import * as client from "openid-client";
import { brokerConfiguration } from "./discover-broker.ts";
import type { EidLevel } from "./eid-levels.ts";
import type { OidcEidConfig } from "./oidc-config.ts";

export interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  requestedLevel: EidLevel;
}

export interface BegunSignIn {
  authorizationUrl: string;
  pending: PendingSignIn;
}

/** `loginHint`: who is signing in, where the page already knows (the sandbox's test person). */
export async function beginSignIn(config: OidcEidConfig, options: { loginHint?: string } = {}): Promise<BegunSignIn> {
  const configuration = await brokerConfiguration(config);
  const codeVerifier = client.randomPKCECodeVerifier();
  const pending: PendingSignIn = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier,
    requestedLevel: config.requestedLevel,
  };
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: config.redirectUri,
    response_type: "code",
    scope: "openid profile",
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    acr_values: config.acrValueFor(pending.requestedLevel),
    prompt: "login",
    ...(options.loginHint && { login_hint: options.loginHint }),
  });
  return { authorizationUrl: url.href, pending };
}
