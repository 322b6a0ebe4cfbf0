// The national eID through an OpenID Connect broker (lib/identity/oidc) against a stand-in broker
// built on oidc-provider (tests/stand-ins/oidc), over real HTTP on loopback: the real openid-client
// discovers it, sends the person to its login page, and redeems the code. The person signs in, or
// reaches too low a level, or cancels; the answer comes back twice, or to another browser's
// pending sign-in. Nothing of our own code is mocked; the login page is driven as a browser
// without JavaScript would.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  beginSignIn,
  brokerConfiguration,
  completeSignIn,
  forgetDiscoveredBrokers,
  kycLevelFromEid,
  oidcEidConfig,
  type OidcEidConfig,
  type OidcSignInResult,
} from "../../lib/identity/oidc/index.ts";
import { driveLogin, type LoginChoice } from "../stand-ins/oidc/drive-login.ts";
import { startOidcStandIn, type OidcStandIn } from "../stand-ins/oidc/server.ts";
import { DEFAULT_TEST_PERSONS, type TestPerson } from "../stand-ins/oidc/test-persons.ts";

const PUBLIC_BASE_URL = "http://127.0.0.1:3999";
const REDIRECT_URI = `${PUBLIC_BASE_URL}/eid/callback`;
const CLIENT_ID = "escrow-relying-party";
const CLIENT_SECRET = randomBytes(24).toString("base64url");

function person(id: string): TestPerson {
  const found = DEFAULT_TEST_PERSONS.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no test person ${id}`);
  return found;
}
const METTE = person("mette");
const JONAS = person("jonas");

/** One sign-in from start to the broker's answer, in a fresh browser. */
async function signIn(config: OidcEidConfig, choice: LoginChoice) {
  const begun = await beginSignIn(config);
  const walk = await driveLogin(begun.authorizationUrl, choice);
  return { ...begun, ...walk };
}

function failure(result: OidcSignInResult) {
  if (result.ok) throw new Error(`expected a failed sign-in, got ${result.identity.subject}`);
  return result;
}

describe("eID sign-in through an OpenID Connect broker", () => {
  let standIn: OidcStandIn;
  let config: OidcEidConfig;
  // Every failure's detail, to show at the end that none repeats a secret, a code or a verifier.
  const secrets: string[] = [CLIENT_SECRET];
  const details: string[] = [];
  const completed = async (...args: Parameters<typeof completeSignIn>) => {
    const result = await completeSignIn(...args);
    if (!result.ok) details.push(result.detail);
    return result;
  };

  beforeAll(async () => {
    standIn = await startOidcStandIn({
      clients: [{ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uris: [REDIRECT_URI] }],
    });
    config = oidcEidConfig({
      issuerUrl: standIn.url,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      publicBaseUrl: PUBLIC_BASE_URL,
      allowInsecureLoopback: true,
    });
  });

  afterAll(async () => {
    forgetDiscoveredBrokers();
    await standIn.stop();
  });

  it("discovers the broker: its issuer, the MitID levels it knows, PKCE with S256", async () => {
    const metadata = (await brokerConfiguration(config)).serverMetadata();
    expect(metadata.issuer).toBe(standIn.url);
    expect(metadata.acr_values_supported).toEqual([
      "urn:grn:authn:dk:mitid:low",
      "urn:grn:authn:dk:mitid:substantial",
      "urn:grn:authn:dk:mitid:high",
    ]);
    expect(metadata.code_challenge_methods_supported).toContain("S256");
    expect(metadata.authorization_endpoint).toMatch(new RegExp(`^${standIn.url}/`));
  });

  it("keeps the discovered metadata for its lifetime, then discovers again", async () => {
    await beginSignIn(config);
    const before = standIn.controls.discoveries();
    await beginSignIn(config);
    await beginSignIn(config);
    expect(standIn.controls.discoveries()).toBe(before);

    forgetDiscoveredBrokers();
    const shortLived = oidcEidConfig({
      issuerUrl: standIn.url,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      publicBaseUrl: PUBLIC_BASE_URL,
      allowInsecureLoopback: true,
      discoveryTtlMs: 500,
    });
    await beginSignIn(shortLived);
    await beginSignIn(shortLived);
    expect(standIn.controls.discoveries()).toBe(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 600));
    await beginSignIn(shortLived);
    expect(standIn.controls.discoveries()).toBe(before + 2);
    forgetDiscoveredBrokers();
  });

  it("asks for the level with PKCE (S256), a fresh state and nonce, prompt=login and the profile scope", async () => {
    const first = await beginSignIn(config);
    const second = await beginSignIn(config);
    const params = new URL(first.authorizationUrl).searchParams;
    expect(Object.fromEntries(params)).toMatchObject({
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      response_type: "code",
      scope: "openid profile",
      acr_values: "urn:grn:authn:dk:mitid:substantial",
      prompt: "login",
      code_challenge_method: "S256",
      state: first.pending.state,
      nonce: first.pending.nonce,
    });
    expect(params.get("code_challenge")).not.toBe(first.pending.codeVerifier);
    expect(first.pending.requestedLevel).toBe("substantial");
    expect(second.pending.state).not.toBe(first.pending.state);
    expect(second.pending.nonce).not.toBe(first.pending.nonce);
    expect(second.pending.codeVerifier).not.toBe(first.pending.codeVerifier);
  });

  it("signs a person in at substantial: the broker's subject, the name, the birthdate and the level", async () => {
    const { pending, callbackUrl, loginPage } = await signIn(config, { person: METTE, level: "substantial" });
    expect(loginPage).toContain("level asked: substantial");
    expect(callbackUrl.startsWith(`${REDIRECT_URI}?`)).toBe(true);

    const result = await completed(config, callbackUrl, pending);
    expect(result).toEqual({
      ok: true,
      identity: {
        subject: METTE.subject,
        name: "Mette Hansen",
        birthdate: "1984-03-12",
        level: "substantial",
        claims: {
          sub: METTE.subject,
          name: "Mette Hansen",
          birthdate: "1984-03-12",
          acr: "urn:grn:authn:dk:mitid:substantial",
        },
      },
    });
    expect(standIn.controls.signIns().at(-1)).toEqual({
      personId: "mette",
      subject: METTE.subject,
      level: "substantial",
      clientId: CLIENT_ID,
    });
  });

  it("gives the same person the same subject every time, and takes a higher level than asked", async () => {
    const again = await signIn(config, { person: METTE, level: "high" });
    const result = await completed(config, again.callbackUrl, again.pending);
    expect(result.ok && result.identity.subject).toBe(METTE.subject);
    expect(result.ok && result.identity.level).toBe("high");
  });

  it("answers a null birthdate for a person the broker sends none for", async () => {
    const { pending, callbackUrl } = await signIn(config, { person: JONAS, level: "substantial" });
    const result = await completed(config, callbackUrl, pending);
    expect(result.ok && result.identity).toMatchObject({ subject: JONAS.subject, name: "Jonas Berg", birthdate: null });
  });

  it("refuses a sign-in that reached a lower level than the one asked", async () => {
    const { pending, callbackUrl } = await signIn(config, { person: METTE, level: "low" });
    // The broker did issue a code and a valid ID token: only the level is wrong.
    expect(new URL(callbackUrl).searchParams.has("code")).toBe(true);
    const result = failure(await completed(config, callbackUrl, pending));
    expect(result.reason).toBe("level_not_met");
    expect(result.detail).toBe("The person signed in at low; substantial was asked.");
  });

  it("reports a cancelled sign-in when the person presses Cancel (error=access_denied)", async () => {
    const { pending, callbackUrl } = await signIn(config, "cancel");
    expect(new URL(callbackUrl).searchParams.get("error")).toBe("access_denied");
    const result = failure(await completed(config, callbackUrl, pending));
    expect(result.reason).toBe("cancelled");
  });

  it("refuses the same answer twice: the second redemption of the code is a replay", async () => {
    const { pending, callbackUrl } = await signIn(config, { person: METTE, level: "substantial" });
    secrets.push(new URL(callbackUrl).searchParams.get("code")!, pending.codeVerifier);
    const first = await completed(config, callbackUrl, pending);
    expect(first.ok).toBe(true);
    const second = failure(await completed(config, callbackUrl, pending));
    expect(second.reason).toBe("replayed");
  });

  it("refuses an answer meant for another pending sign-in, before sending anything to the broker", async () => {
    const mine = await signIn(config, { person: METTE, level: "substantial" });
    const someoneElses = await beginSignIn(config);
    secrets.push(new URL(mine.callbackUrl).searchParams.get("code")!, mine.pending.codeVerifier);

    const crossed = failure(await completed(config, mine.callbackUrl, someoneElses.pending));
    expect(crossed.reason).toBe("state_mismatch");
    const stateless = new URL(mine.callbackUrl);
    stateless.searchParams.delete("state");
    expect(failure(await completed(config, stateless, mine.pending)).reason).toBe("state_mismatch");
    // The code was never redeemed: its own pending sign-in still completes with it.
    const own = await completed(config, mine.callbackUrl, mine.pending);
    expect(own.ok).toBe(true);
  });

  it("refuses an ID token whose nonce is not the pending sign-in's (checked by openid-client)", async () => {
    const { pending, callbackUrl } = await signIn(config, { person: METTE, level: "substantial" });
    const result = failure(await completed(config, callbackUrl, { ...pending, nonce: "another-nonce" }));
    expect(result).toEqual({
      ok: false,
      reason: "failed",
      detail: "The ID token's issuer, audience or nonce is not the one expected: the sign-in is refused.",
    });
  });

  it("refuses an ID token whose signature the broker's published keys do not verify", async () => {
    // Keys already fetched would hide the published ones: start from a fresh discovery.
    forgetDiscoveredBrokers();
    standIn.controls.publishWrongKeys(true);
    try {
      const { pending, callbackUrl } = await signIn(config, { person: METTE, level: "substantial" });
      const result = failure(await completed(config, callbackUrl, pending));
      expect(result).toEqual({
        ok: false,
        reason: "failed",
        detail: "The ID token's signature does not verify with the broker's keys: the sign-in is refused.",
      });
    } finally {
      standIn.controls.publishWrongKeys(false);
      forgetDiscoveredBrokers();
    }
  });

  it("fails, naming the error code only, when the broker refuses our client's secret", async () => {
    const wrong = oidcEidConfig({
      issuerUrl: standIn.url,
      clientId: CLIENT_ID,
      clientSecret: "not-the-secret",
      publicBaseUrl: PUBLIC_BASE_URL,
      allowInsecureLoopback: true,
    });
    secrets.push("not-the-secret");
    const { pending, callbackUrl } = await signIn(wrong, { person: METTE, level: "substantial" });
    const result = failure(await completed(wrong, callbackUrl, pending));
    expect(result).toEqual({
      ok: false,
      reason: "failed",
      detail: "The eID broker's token endpoint answered error invalid_client.",
    });
  });

  it("never repeats a secret, a code or a code verifier in a failure's detail", () => {
    expect(details.length).toBeGreaterThanOrEqual(6);
    for (const detail of details) for (const secret of secrets) expect(detail).not.toContain(secret);
  });
});

describe("a broker that names the level in a claim of its own", () => {
  let standIn: OidcStandIn;

  beforeAll(async () => {
    standIn = await startOidcStandIn({
      clients: [{ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uris: [REDIRECT_URI] }],
      levelClaim: "mitid_loa",
      levelValue: (level) => level.toUpperCase(),
    });
  });

  afterAll(async () => {
    forgetDiscoveredBrokers();
    await standIn.stop();
  });

  const settings = () => ({
    issuerUrl: standIn.url,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    publicBaseUrl: PUBLIC_BASE_URL,
    allowInsecureLoopback: true,
  });

  it("reads the level from the configured claim", async () => {
    const config = oidcEidConfig({ ...settings(), levelClaim: "mitid_loa" });
    const { pending, callbackUrl } = await signIn(config, { person: METTE, level: "high" });
    const result = await completeSignIn(config, callbackUrl, pending);
    expect(result.ok && result.identity.level).toBe("high");
    expect(result.ok && result.identity.claims.mitid_loa).toBe("HIGH");
  });

  it("fails rather than guess when the configured claim is not in the ID token", async () => {
    const config = oidcEidConfig(settings());
    const { pending, callbackUrl } = await signIn(config, { person: METTE, level: "high" });
    expect(failure(await completeSignIn(config, callbackUrl, pending))).toEqual({
      ok: false,
      reason: "failed",
      detail: "The ID token's acr claim names no eID level.",
    });
  });
});

describe("the relying party's settings", () => {
  const settings = {
    issuerUrl: "https://example.idura.broker",
    clientId: "urn:my:application:identifier:1",
    clientSecret: "s3cr3t-value",
    publicBaseUrl: "https://escrow.example/base/",
  };

  it("builds the redirect URI from the public base URL and defaults to substantial via acr", () => {
    const config = oidcEidConfig(settings);
    expect(config.redirectUri).toBe("https://escrow.example/base/eid/callback");
    expect(config.requestedLevel).toBe("substantial");
    expect(config.levelClaim).toBe("acr");
    expect(config.allowInsecureRequests).toBe(false);
  });

  it("refuses plain http except to loopback in tests, without quoting the secret", () => {
    const attempts = [
      () => oidcEidConfig({ ...settings, issuerUrl: "http://broker.example" }),
      () => oidcEidConfig({ ...settings, issuerUrl: "http://broker.example", allowInsecureLoopback: true }),
      () => oidcEidConfig({ ...settings, clientSecret: " " }),
    ];
    for (const attempt of attempts) {
      expect(attempt).toThrow();
      try {
        attempt();
      } catch (error) {
        expect(String(error)).not.toContain(settings.clientSecret);
      }
    }
    expect(
      oidcEidConfig({ ...settings, issuerUrl: "http://127.0.0.1:1", allowInsecureLoopback: true }).issuer.href,
    ).toBe("http://127.0.0.1:1/");
  });
});

describe("the KYC level an eID sign-in earns (spec 4.4)", () => {
  const plain = { nameAddressProtected: false, passportVerified: false };
  const protectedPerson = { nameAddressProtected: true, passportVerified: false };
  const passport = { nameAddressProtected: false, passportVerified: true };
  const protectedWithPassport = { nameAddressProtected: true, passportVerified: true };

  it.each([
    ["substantial", plain, 1],
    ["high", plain, 1],
    ["substantial", protectedPerson, 0],
    ["substantial", passport, 2],
    ["high", protectedWithPassport, 2],
    ["low", plain, 0],
    ["low", passport, 0],
    ["low", protectedWithPassport, 0],
  ] as const)("a sign-in at %s with %o earns level %i", (level, facts, expected) => {
    expect(kycLevelFromEid(level, facts)).toBe(expected);
  });
});
