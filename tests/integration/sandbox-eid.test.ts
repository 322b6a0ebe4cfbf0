// The sandbox's eID is an OpenID provider (lib/identity/sandbox-eid), and the hosted pages are its
// relying party through the same code as a MitID broker's (lib/identity/oidc): discovery, the code
// flow with PKCE, state, nonce, acr_values, and an ES256 ID token checked against its published
// keys. Driven here through its public routes (app/sandbox-eid) as a browser and a client would
// reach them; what it refuses, it refuses as OAuth says (no redirect to an unregistered address,
// invalid_client, invalid_grant).
import { createHash } from "node:crypto";
import { createLocalJWKSet, jwtVerify } from "jose";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as discovery } from "../../app/sandbox-eid/.well-known/openid-configuration/route.ts";
import { GET as authorize } from "../../app/sandbox-eid/authorize/route.ts";
import { GET as jwks } from "../../app/sandbox-eid/jwks/route.ts";
import { POST as token } from "../../app/sandbox-eid/token/route.ts";
import { issueCode } from "../../lib/identity/sandbox-eid/authorization-code.ts";
import { SANDBOX_EID_CLIENT_ID, SANDBOX_EID_CLIENT_SECRET } from "../../lib/identity/sandbox-eid/issuer.ts";
import { sandboxIdentityProvider } from "../../lib/identity/sandbox-eid/sandbox-identity-provider.ts";

const BASE = "https://escrow.test";
const ISSUER = `${BASE}/sandbox-eid`;
const REDIRECT_URI = `${BASE}/eid/callback`;

beforeAll(() => {
  vi.stubEnv("PUBLIC_BASE_URL", BASE);
  return () => vi.unstubAllEnvs();
});

/** The browser at the authorization endpoint: where it is sent back. */
async function atIssuer(authorizationUrl: string): Promise<URL> {
  const answer = await authorize(new Request(authorizationUrl));
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get("location")!);
}

/** Begin at `kycLevel` as `person`, through the issuer, and complete at our callback. */
async function signIn(kycLevel: 1 | 2, person: string) {
  const begun = await sandboxIdentityProvider.begin(kycLevel, person);
  const back = await atIssuer(begun.authorizationUrl);
  return { begun, back, result: await sandboxIdentityProvider.complete(back.searchParams, begun.pending) };
}

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;

function tokenRequest(
  fields: Record<string, string>,
  authorization = basic(SANDBOX_EID_CLIENT_ID, SANDBOX_EID_CLIENT_SECRET),
) {
  return token(
    new Request(`${ISSUER}/token`, {
      method: "POST",
      headers: { authorization, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    }),
  );
}

describe("the sandbox's eID as an OpenID provider", () => {
  it("publishes a discovery document for the code flow with PKCE, ES256 and MitID's levels", async () => {
    expect(await discovery().json()).toMatchObject({
      issuer: ISSUER,
      authorization_endpoint: `${ISSUER}/authorize`,
      token_endpoint: `${ISSUER}/token`,
      jwks_uri: `${ISSUER}/jwks`,
      response_types_supported: ["code"],
      code_challenge_methods_supported: ["S256"],
      id_token_signing_alg_values_supported: ["ES256"],
      acr_values_supported: ["urn:grn:authn:dk:mitid:substantial", "urn:grn:authn:dk:mitid:high"],
    });
  });

  it("signs the picked person in over the code flow: PKCE, state, nonce, the level asked, and the eID's address", async () => {
    const { begun, back, result } = await signIn(1, "plain");
    const asked = new URL(begun.authorizationUrl);
    expect(`${asked.origin}${asked.pathname}`).toBe(`${ISSUER}/authorize`);
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      client_id: SANDBOX_EID_CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      response_type: "code",
      scope: "openid profile",
      code_challenge_method: "S256",
      acr_values: "urn:grn:authn:dk:mitid:substantial",
      login_hint: "plain",
      state: begun.pending.state,
      nonce: begun.pending.nonce,
    });
    expect(asked.searchParams.get("code_challenge")).toBe(
      createHash("sha256").update(begun.pending.codeVerifier).digest("base64url"),
    );
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get("state")).toBe(begun.pending.state);
    expect(result).toEqual({
      ok: true,
      identity: {
        subject: "sim-eid-plain",
        name: "Mette Hansen",
        address: "Nørregade 12, 2. tv",
        city: "København K",
        postalCode: "1165",
        phoneNumber: "+4520123456",
        nameAddressProtected: false,
        passportVerified: false,
        birthdate: null,
        addressToDeclare: false,
      },
    });
  });

  it("reaches high only for a person with passport verification: asked for KYC level 2, the others do not", async () => {
    const passport = await signIn(2, "passport");
    expect(passport.result).toMatchObject({
      ok: true,
      identity: { subject: "sim-eid-passport", passportVerified: true },
    });
    expect(new URL(passport.begun.authorizationUrl).searchParams.get("acr_values")).toBe("urn:grn:authn:dk:mitid:high");
    expect((await signIn(2, "plain")).result).toEqual({ ok: false, reason: "level_not_met" });
    // Name and address protection travels as a claim: nothing to declare, and KYC level 0 (identity-provider.ts).
    expect((await signIn(1, "protected")).result).toMatchObject({
      ok: true,
      identity: { nameAddressProtected: true, address: "", addressToDeclare: false },
    });
  });

  it("answers the failing test person and an unknown one with an error, which fails the sign-in", async () => {
    for (const person of ["failing", "nobody"]) {
      const { back, result } = await signIn(1, person);
      expect(back.searchParams.get("error"), person).toBe("server_error");
      expect(result).toEqual({ ok: false, reason: "sign_in_failed" });
    }
  });

  it("never sends the browser to an address not registered, nor for another client", async () => {
    const begun = await sandboxIdentityProvider.begin(1, "plain");
    for (const [name, value] of [
      ["redirect_uri", "https://evil.example/eid/callback"],
      ["client_id", "someone-else"],
    ] as const) {
      const url = new URL(begun.authorizationUrl);
      url.searchParams.set(name, value);
      const answer = await authorize(new Request(url));
      expect(answer.status, name).toBe(400);
      expect(answer.headers.get("location")).toBeNull();
    }
    const withoutPkce = new URL(begun.authorizationUrl);
    withoutPkce.searchParams.delete("code_challenge");
    const back = await atIssuer(withoutPkce.href);
    expect(back.searchParams.get("error")).toBe("invalid_request");
  });

  it("redeems a code only for the client, with the verifier and the redirect URI it was issued for, and signs with its published key", async () => {
    const verifier = "a-verifier-of-enough-length-for-pkce-0123456789";
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const code = issueCode({
      personId: "plain",
      clientId: SANDBOX_EID_CLIENT_ID,
      redirectUri: REDIRECT_URI,
      codeChallenge: challenge,
      nonce: "n-1",
    });
    const fields = { grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI, code_verifier: verifier };

    const wrongClient = await tokenRequest(fields, basic(SANDBOX_EID_CLIENT_ID, "not-the-secret"));
    expect(wrongClient.status).toBe(401);
    expect(await wrongClient.json()).toMatchObject({ error: "invalid_client" });
    for (const changed of [
      { code_verifier: "another-verifier-of-enough-length-0123456789" },
      { redirect_uri: "https://evil.example/eid/callback" },
      { code: `${code.slice(0, -4)}AAAA` },
    ]) {
      const refused = await tokenRequest({ ...fields, ...changed });
      expect(refused.status, JSON.stringify(changed)).toBe(400);
      expect(await refused.json()).toMatchObject({ error: "invalid_grant" });
    }
    const expired = issueCode(
      {
        personId: "plain",
        clientId: SANDBOX_EID_CLIENT_ID,
        redirectUri: REDIRECT_URI,
        codeChallenge: challenge,
        nonce: "n",
      },
      Date.now() - 10 * 60_000,
    );
    expect(await (await tokenRequest({ ...fields, code: expired })).json()).toMatchObject({ error: "invalid_grant" });

    const answered = await tokenRequest(fields);
    expect(answered.status).toBe(200);
    expect(answered.headers.get("cache-control")).toBe("no-store");
    const { id_token: idToken } = (await answered.json()) as { id_token: string };
    const keys = createLocalJWKSet((await (await jwks()).json()) as Parameters<typeof createLocalJWKSet>[0]);
    const { payload, protectedHeader } = await jwtVerify(idToken, keys, {
      issuer: ISSUER,
      audience: SANDBOX_EID_CLIENT_ID,
    });
    expect(protectedHeader.alg).toBe("ES256");
    expect(payload).toMatchObject({
      sub: "sim-eid-plain",
      nonce: "n-1",
      acr: "urn:grn:authn:dk:mitid:substantial",
      name: "Mette Hansen",
      address: { street_address: "Nørregade 12, 2. tv", postal_code: "1165", locality: "København K", country: "DK" },
    });
  });

  it("answers a malformed, oversized or hostile token request with OAuth's error record", async () => {
    const post = (body: BodyInit, authorization = basic(SANDBOX_EID_CLIENT_ID, SANDBOX_EID_CLIENT_SECRET)) =>
      token(new Request(`${ISSUER}/token`, { method: "POST", headers: { authorization }, body }));
    const oversized = await post("code=" + "a".repeat(20_000));
    expect(oversized.status).toBe(413);
    expect(await oversized.json()).toMatchObject({ error: "invalid_request" });
    const notUtf8 = await post(new Uint8Array([0x63, 0x6f, 0x64, 0x65, 0x3d, 0xff, 0xfe]));
    expect(notUtf8.status).toBe(400);
    expect(await notUtf8.json()).toMatchObject({ error: "invalid_request" });
    const badEncoding = await post(
      "grant_type=authorization_code",
      `Basic ${Buffer.from("%E0%A4%A:x").toString("base64")}`,
    );
    expect(badEncoding.status).toBe(401);
    expect(await badEncoding.json()).toMatchObject({ error: "invalid_client" });
    const noGrant = await post("grant_type=password&username=a&password=b");
    expect(await noGrant.json()).toMatchObject({ error: "unsupported_grant_type" });
  });
});
