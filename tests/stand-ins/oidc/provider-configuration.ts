// oidc-provider's configuration for the stand-in broker: the clients it is told of, authorization
// code flow only with PKCE required, the MitID acr values, and the claims a MitID broker sends
// (sub, name, given_name, family_name, birthdate, and the level). The signing key and the cookie
// keys are generated at start: they are test material, never written anywhere, and a restarted
// stand-in is a broker that rotated its keys.
//
// conformIdTokenClaims is off so that the profile claims are in the ID token, as the MitID brokers
// send them; the relying party reads the ID token only. The level is the login's acr, or, when
// the stand-in is told the broker names it in a claim of its own, that claim (and no acr).
import { randomBytes } from "node:crypto";
import { exportJWK, generateKeyPair } from "jose";
import type { Account, TokenLike } from "oidc-provider";
import { MITID_LEVELS, mitIdAcr, type MitIdLevel } from "./levels.ts";
import { fullName, type TestPerson } from "./test-persons.ts";

export interface StandInClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  /** Default client_secret_basic. */
  token_endpoint_auth_method?: "client_secret_basic" | "client_secret_post";
}

export interface LevelClaimOptions {
  /** The claim that carries the level; `acr` (the default) or a broker's own. */
  levelClaim: string;
  /** The value of that claim for a level; default the MitID URN. */
  levelValue: (level: MitIdLevel) => string;
}

export interface ConfigurationInputs extends LevelClaimOptions {
  clients: StandInClient[];
  /** The private JWK the ID tokens are signed with (signingKey()). */
  key: Record<string, unknown>;
  persons: readonly TestPerson[];
  /** The level reached in the sign-in a grant was made for (set by the login page). */
  levelOfGrant: (grantId: string) => MitIdLevel | undefined;
}

/** A fresh RS256 signing key as a private JWK, under the key id given (default a random one). */
export async function signingKey(kid = randomBytes(8).toString("hex")): Promise<Record<string, unknown>> {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid, alg: "RS256", use: "sig" };
}

/** The public half of a private RSA JWK, as a JWKS publishes it. */
export function publicJwk(key: Record<string, unknown>): Record<string, unknown> {
  const { kty, n, e, kid, alg, use } = key;
  return { kty, n, e, kid, alg, use };
}

function account(person: TestPerson, inputs: ConfigurationInputs, token: TokenLike | undefined): Account {
  return {
    accountId: person.subject,
    claims() {
      const claims: Record<string, unknown> = {
        sub: person.subject,
        name: fullName(person),
        given_name: person.givenName,
        family_name: person.familyName,
      };
      if (person.birthdate) claims.birthdate = person.birthdate;
      const level = token?.grantId ? inputs.levelOfGrant(token.grantId) : undefined;
      if (inputs.levelClaim !== "acr" && level) claims[inputs.levelClaim] = inputs.levelValue(level);
      return claims;
    },
  };
}

export async function providerConfiguration(inputs: ConfigurationInputs): Promise<Record<string, unknown>> {
  const ownClaim = inputs.levelClaim === "acr" ? [] : [inputs.levelClaim];
  return {
    clients: inputs.clients.map((client) => ({
      ...client,
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: client.token_endpoint_auth_method ?? "client_secret_basic",
    })),
    jwks: { keys: [inputs.key] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    acrValues: MITID_LEVELS.map(mitIdAcr),
    responseTypes: ["code"],
    scopes: ["openid", "profile"],
    claims: { openid: ["sub", ...ownClaim], profile: ["name", "given_name", "family_name", "birthdate"] },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    // Short lives, as a broker's: a code for a minute, the rest for ten.
    ttl: { AuthorizationCode: 60, Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_context: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_context: unknown, subject: string, token: TokenLike | undefined) {
      const person = inputs.persons.find((candidate) => candidate.subject === subject);
      return person ? account(person, inputs, token) : undefined;
    },
  };
}
