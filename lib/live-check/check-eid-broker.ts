// The national eID at an OpenID Connect broker (IDENTITY_PROVIDER_LIVE=oidc): its settings are
// there and well-formed (read with the same rules as lib/identity/broker-identity-provider.ts, each
// missing one named), its discovery document is fetched afresh (brokerConfiguration, with no reuse
// of a cached one) and says what our sign-ins need (broker-metadata-checks.ts), and it knows our
// client (probe-broker-client.ts). The redirect URI to register is printed: the broker refuses a
// sign-in whose redirect URI it was not told, and only the person's browser would find out.
import * as client from "openid-client";
import { publicBaseUrl } from "../config.ts";
import { brokerConfiguration, mitIdAcrValue, oidcEidConfig, type OidcEidConfig } from "../identity/oidc/index.ts";
import { brokerMetadataChecks } from "./broker-metadata-checks.ts";
import { probeBrokerClient } from "./probe-broker-client.ts";
import { fail, pass, type Check, type LiveCheckTarget, type Registration, type Section } from "./report.ts";
import { secretCheck, settingCheck } from "./setting-checks.ts";

const ISSUER = "EID_OIDC_ISSUER_URL";
const SECTION = { id: "eid-broker", title: "eID broker (OpenID Connect)" } as const;
/** The levels the hosted pages ask (broker-identity-provider.ts): substantial for KYC 1, high for KYC 2. */
const ACR_VALUES = [mitIdAcrValue("substantial"), mitIdAcrValue("high")];

function configOf(issuerUrl: string, clientId: string, clientSecret: string): OidcEidConfig | Check {
  try {
    return oidcEidConfig({
      issuerUrl,
      clientId,
      clientSecret,
      publicBaseUrl: publicBaseUrl(),
      levelClaim: process.env.EID_OIDC_LEVEL_CLAIM?.trim() || undefined,
      allowInsecureLoopback: process.env.EID_OIDC_ALLOW_HTTP_LOOPBACK === "1",
      // A check asks the broker now: a document kept from earlier would prove nothing.
      discoveryTtlMs: 0,
    });
  } catch (error) {
    // oidcEidConfig's refusals name the setting in words and never its value.
    const said = error instanceof Error ? error.message : "refused";
    return fail("settings", `${said} (${ISSUER}, PUBLIC_BASE_URL, EID_OIDC_ALLOW_HTTP_LOOPBACK)`, [
      ISSUER,
      "PUBLIC_BASE_URL",
    ]);
  }
}

function transportCheck(config: OidcEidConfig, target: LiveCheckTarget): Check {
  if (!config.allowInsecureRequests) return pass("transport", "https", [ISSUER]);
  const detail = "plain http to a loopback issuer (EID_OIDC_ALLOW_HTTP_LOOPBACK=1): a test stand-in, not a broker";
  return target === "rehearsal"
    ? pass("transport", detail, [ISSUER])
    : fail("transport", `${detail}; set the broker's https issuer and unset EID_OIDC_ALLOW_HTTP_LOOPBACK`, [
        ISSUER,
        "EID_OIDC_ALLOW_HTTP_LOOPBACK",
      ]);
}

function discoveryFailure(config: OidcEidConfig, error: unknown): Check {
  const where = `${config.issuer.href.replace(/\/$/, "")}/.well-known/openid-configuration`;
  if (error instanceof client.ClientError && error.code === "OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED") {
    return fail("discovery", `${where} names another issuer: set ${ISSUER} to the issuer it names`, [ISSUER]);
  }
  if (
    error instanceof client.ResponseBodyError ||
    (error instanceof client.ClientError && error.code === "OAUTH_RESPONSE_IS_NOT_CONFORM")
  ) {
    return fail("discovery", `no discovery document at ${where}: check ${ISSUER}`, [ISSUER]);
  }
  const cause =
    error instanceof Error && error.cause instanceof Error ? (error.cause as { code?: unknown }).code : undefined;
  const kind = typeof cause === "string" ? cause : error instanceof Error ? error.name : "error";
  return fail("discovery", `${where} could not be fetched (${kind}): the issuer is unreachable or wrong`, [ISSUER]);
}

async function brokerChecks(config: OidcEidConfig): Promise<Check[]> {
  let configuration: client.Configuration;
  try {
    configuration = await brokerConfiguration(config);
  } catch (error) {
    return [discoveryFailure(config, error)];
  }
  const metadata = configuration.serverMetadata();
  const checks = [
    pass("discovery", "the discovery document was fetched", [ISSUER]),
    ...brokerMetadataChecks(config, metadata),
  ];
  if (metadata.token_endpoint) checks.push(await probeBrokerClient(config, configuration));
  return checks;
}

export async function checkEidBroker(target: LiveCheckTarget): Promise<Section> {
  const issuer = settingCheck(
    ISSUER,
    "the broker's issuer URL (its discovery document is at <issuer>/.well-known/openid-configuration)",
  );
  const clientId = settingCheck("EID_OIDC_CLIENT_ID", "the client id the broker issued");
  const secret = secretCheck("EID_OIDC_CLIENT_SECRET", "the client secret the broker issued");
  const checks = [issuer.check, clientId.check, secret.check];
  const register = (url: string): Registration[] => [
    { what: "redirect URI (callback URL) of the client, with MitID at the levels", url, with: ACR_VALUES },
  ];
  if (!issuer.value || !clientId.value || !secret.value) {
    return { ...SECTION, checks, register: register(`${publicBaseUrl()}/eid/callback`) };
  }
  const config = configOf(issuer.value, clientId.value, secret.value);
  if (!("issuer" in config))
    return { ...SECTION, checks: [...checks, config], register: register(`${publicBaseUrl()}/eid/callback`) };
  checks.push(transportCheck(config, target), ...(await brokerChecks(config)));
  return { ...SECTION, checks, register: register(config.redirectUri) };
}
