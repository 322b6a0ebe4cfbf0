// The national eID through an OpenID Connect broker (IDENTITY_PROVIDER=oidc): MitID at Idura/
// Criipto Verify, Signicat or the Nets eID broker, which one being only the issuer and the client
// it issued (EID_OIDC_ISSUER_URL, EID_OIDC_CLIENT_ID, EID_OIDC_CLIENT_SECRET or _FILE). The level
// is asked as acr_values and checked in the ID token (lib/identity/oidc): substantial for KYC
// level 1, high for level 2, since MitID reaches high only with an identity document checked (the
// passport's chip in the MitID app), which is what level 2 asks (docs/go-live.md).
// EID_OIDC_LEVEL_CLAIM names the claim that carries the level when the broker does not use `acr`.
// The sandbox's eID is the same relying party against another issuer (sandbox-eid/).
import { publicBaseUrl } from "../config.ts";
import { requiredSecret } from "../secret-setting.ts";
import type { IdentityProvider, SignInResult, VerifiedIdentity } from "./identity-provider.ts";
import {
  beginSignIn,
  completeSignIn,
  EID_LEVELS,
  oidcEidConfig,
  type EidLevel,
  type OidcEidConfig,
  type OidcIdentity,
} from "./oidc/index.ts";

function required(name: string, what: string): string {
  const value = process.env[name]?.trim();
  if (!value) throw new Error(`${name} must be set: ${what}.`);
  return value;
}

function brokerConfig(requestedLevel: EidLevel): OidcEidConfig {
  return oidcEidConfig({
    issuerUrl: required("EID_OIDC_ISSUER_URL", "the eID broker's issuer URL"),
    clientId: required("EID_OIDC_CLIENT_ID", "the client id the eID broker issued"),
    clientSecret: requiredSecret("EID_OIDC_CLIENT_SECRET", "the client secret the eID broker issued"),
    publicBaseUrl: publicBaseUrl(),
    requestedLevel,
    levelClaim: process.env.EID_OIDC_LEVEL_CLAIM?.trim() || undefined,
    // Plain http to a loopback broker: only the stand-in of the tests is reached that way.
    allowInsecureLoopback: process.env.EID_OIDC_ALLOW_HTTP_LOOPBACK === "1",
  });
}

/** Fails at start, naming the setting, when the broker's settings are missing or malformed. */
export function checkBrokerSettings(): void {
  brokerConfig("substantial");
}

/** What the eID verified, as the rest of the service knows a person; without an address claim, the address is the person's to give. */
function verifiedIdentity(identity: OidcIdentity): VerifiedIdentity {
  return {
    subject: identity.subject,
    name: identity.name,
    address: identity.address?.street ?? "",
    city: identity.address?.city ?? "",
    postalCode: identity.address?.postalCode ?? "",
    phoneNumber: identity.phoneNumber ?? null,
    // A MitID broker does not tell name and address protection; the person is verified by the eID.
    nameAddressProtected: identity.nameAddressProtected ?? false,
    passportVerified: identity.level === "high",
    birthdate: identity.birthdate,
    // A person with name and address protection has no address to tell; the others give theirs
    // where the eID does not.
    addressToDeclare: !identity.address && !identity.nameAddressProtected,
  };
}

const isEidLevel = (value: string): value is EidLevel => (EID_LEVELS as readonly string[]).includes(value);

/** A relying party of the issuer that `configFor` describes, as the hosted pages use one. */
export function oidcIdentityProvider(
  name: string,
  configFor: (level: EidLevel) => OidcEidConfig,
  extra: Pick<IdentityProvider, "testIdentities"> = {},
): IdentityProvider {
  return {
    name,
    ...extra,
    async begin(kycLevel, testIdentity) {
      return beginSignIn(configFor(kycLevel === 2 ? "high" : "substantial"), { loginHint: testIdentity });
    },
    async complete(callbackQuery, pending): Promise<SignInResult> {
      if (!isEidLevel(pending.requestedLevel)) return { ok: false, reason: "sign_in_failed" };
      const config = configFor(pending.requestedLevel);
      const result = await completeSignIn(config, `${config.redirectUri}?${callbackQuery}`, {
        ...pending,
        requestedLevel: pending.requestedLevel,
      });
      if (result.ok) return { ok: true, identity: verifiedIdentity(result.identity) };
      console.warn(`eID sign-in not completed: ${result.reason}: ${result.detail}`);
      if (result.reason === "cancelled" || result.reason === "level_not_met")
        return { ok: false, reason: result.reason };
      return { ok: false, reason: "sign_in_failed" };
    },
  };
}

export const brokerIdentityProvider = oidcIdentityProvider("oidc-eid", brokerConfig);
