// What the relying party needs to know of its broker (Idura/Criipto Verify, Signicat or the Nets eID
// broker: which one is only a matter of the issuer URL and the client credentials it issued), read
// once from settings handed in. Nothing here reads the environment: the caller (the composition in
// lib/outside-parties.ts) does, so that tests configure it without touching process.env.
//
// The settings are checked where they are read, and a refusal names the setting, never its value:
// the client secret must not reach a log through an error message.
import type { CustomFetch } from "openid-client";
import { mitIdAcrValue, type EidLevel } from "./eid-levels.ts";

export interface OidcEidSettings {
  /** The broker's issuer identifier; its /.well-known/openid-configuration is discovered. */
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  /** Our public base URL; the redirect URI is this plus callbackPath, registered at the broker. */
  publicBaseUrl: string;
  /** Default `/eid/callback`. */
  callbackPath?: string;
  /** The level asked for (acr_values); default substantial, what KYC level 1 needs. */
  requestedLevel?: EidLevel;
  /** The acr_values sent for a level; default the MitID URN `urn:grn:authn:dk:mitid:<level>`. */
  acrValueFor?: (level: EidLevel) => string;
  /** The ID token claim that carries the level reached; default `acr`. */
  levelClaim?: string;
  /** How the client authenticates at the token endpoint; default client_secret_basic. */
  clientAuthentication?: "client_secret_basic" | "client_secret_post";
  /** Plain http to a loopback issuer: for the stand-in in tests only, refused for any other host. */
  allowInsecureLoopback?: boolean;
  /** How long a discovered configuration is reused, in milliseconds; default one hour. */
  discoveryTtlMs?: number;
  /**
   * How the relying party reaches the issuer, when not over the network: the sandbox's own eID
   * (lib/identity/sandbox-eid) answers in the same process, so its issuer may be plain http.
   */
  inProcess?: CustomFetch;
}

export interface OidcEidConfig {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  requestedLevel: EidLevel;
  acrValueFor: (level: EidLevel) => string;
  levelClaim: string;
  clientAuthentication: "client_secret_basic" | "client_secret_post";
  allowInsecureRequests: boolean;
  discoveryTtlMs: number;
  inProcess?: CustomFetch;
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);
const HOUR_MS = 60 * 60 * 1000;

function parsedUrl(value: string, setting: string): URL {
  try {
    return new URL(value);
  } catch {
    throw new Error(`The eID broker's ${setting} is not a URL.`);
  }
}

export function oidcEidConfig(settings: OidcEidSettings): OidcEidConfig {
  const issuer = parsedUrl(settings.issuerUrl, "issuer URL");
  const insecure = issuer.protocol === "http:";
  const loopbackAllowed = settings.allowInsecureLoopback && LOOPBACK_HOSTS.has(issuer.hostname);
  if (insecure && !loopbackAllowed && !settings.inProcess) {
    throw new Error("The eID broker's issuer URL must use https.");
  }
  if (!insecure && issuer.protocol !== "https:") throw new Error("The eID broker's issuer URL must use https.");
  if (!settings.clientId.trim()) throw new Error("The eID broker's client id is empty.");
  if (!settings.clientSecret.trim()) throw new Error("The eID broker's client secret is empty.");
  const base = parsedUrl(settings.publicBaseUrl, "public base URL");
  const callbackPath = settings.callbackPath ?? "/eid/callback";
  if (!callbackPath.startsWith("/")) throw new Error("The eID callback path must start with /.");
  return {
    issuer,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    redirectUri: `${base.href.replace(/\/+$/, "")}${callbackPath}`,
    requestedLevel: settings.requestedLevel ?? "substantial",
    acrValueFor: settings.acrValueFor ?? mitIdAcrValue,
    levelClaim: settings.levelClaim ?? "acr",
    clientAuthentication: settings.clientAuthentication ?? "client_secret_basic",
    allowInsecureRequests: insecure,
    discoveryTtlMs: settings.discoveryTtlMs ?? HOUR_MS,
    ...(settings.inProcess && { inProcess: settings.inProcess }),
  };
}
