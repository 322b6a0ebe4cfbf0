// Whether the broker knows our client id and secret, without a person signing in: the token
// endpoint is asked to redeem an authorization code that was never issued, authenticated as the
// sign-ins authenticate (openid-client with the client's secret). A token endpoint authenticates
// the client before it looks at the grant (RFC 6749 §5.2), so a broker that accepts our
// credentials answers `invalid_grant`, and one that does not answers `invalid_client` (401). Any
// other answer tells nothing for certain and is a warning. Nothing is issued, nothing is changed.
import * as client from "openid-client";
import type { OidcEidConfig } from "../identity/oidc/index.ts";
import { fail, pass, warn, type Check } from "./report.ts";

const NAME = "client credentials";
const SETTINGS = ["EID_OIDC_CLIENT_ID", "EID_OIDC_CLIENT_SECRET"];

/** Only an OAuth error code is repeated: a short token from a fixed vocabulary. */
const codeOf = (value: unknown) => (typeof value === "string" && /^[\w.-]{1,64}$/.test(value) ? value : "unknown");

function answered(code: string): Check {
  if (code === "invalid_grant") return pass(NAME, "the token endpoint accepted the client id and secret", SETTINGS);
  if (code === "invalid_client" || code === "unauthorized_client") {
    return fail(
      NAME,
      `the token endpoint refused the client (${code}): check EID_OIDC_CLIENT_ID and EID_OIDC_CLIENT_SECRET`,
      SETTINGS,
    );
  }
  return warn(
    NAME,
    `the token endpoint answered ${code}, which does not tell whether the credentials are right`,
    SETTINGS,
  );
}

export async function probeBrokerClient(config: OidcEidConfig, configuration: client.Configuration): Promise<Check> {
  try {
    await client.genericGrantRequest(configuration, "authorization_code", {
      code: `live-check-${client.randomState()}`,
      redirect_uri: config.redirectUri,
      code_verifier: client.randomPKCECodeVerifier(),
    });
    return fail(NAME, "the token endpoint redeemed a code that was never issued: do not use this broker", []);
  } catch (error) {
    if (error instanceof client.ResponseBodyError) return answered(codeOf(error.error));
    if (error instanceof client.WWWAuthenticateChallengeError)
      return answered(codeOf(error.cause[0]?.parameters.error));
    const kind = error instanceof Error ? codeOf(error.name) : "unknown";
    return fail(NAME, `the token endpoint could not be reached or answered unreadably (${kind})`, [
      "EID_OIDC_ISSUER_URL",
    ]);
  }
}
