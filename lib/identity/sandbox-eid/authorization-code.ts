// The sandbox eID's authorization codes: the grant itself, sealed (AES-256-GCM under the data keys,
// lib/crypto/secret-box.ts), so that any instance can redeem a code another issued and nothing is
// stored. A code lives five minutes and is bound to the client, the redirect URI, the PKCE
// challenge and the nonce. The issuer does not remember codes it redeemed: the relying party's
// pending sign-in is spent on the first callback (lib/identity/identity-authorizations.ts), so a
// second redemption of the same code never gets that far, and without the PKCE verifier (kept on
// our server) a stolen code redeems nothing.
import { isSealed, openSecret, sealSecret } from "../../crypto/secret-box.ts";

const PURPOSE = "sandbox-eid-authorization-code";
const LIFETIME_MS = 5 * 60_000;

export interface Grant {
  personId: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string;
  expiresAt: number;
}

export function issueCode(grant: Omit<Grant, "expiresAt">, now = Date.now()): string {
  return sealSecret(JSON.stringify({ ...grant, expiresAt: now + LIFETIME_MS }), PURPOSE);
}

/** The grant a code carries, or null for a code that is not ours, was tampered with, or expired. */
export function redeemCode(code: string, now = Date.now()): Grant | null {
  if (!isSealed(code)) return null;
  try {
    const grant = JSON.parse(openSecret(code, PURPOSE)) as Grant;
    return grant.expiresAt > now ? grant : null;
  } catch {
    return null;
  }
}
