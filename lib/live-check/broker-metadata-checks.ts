// What the broker's discovery document must say for our sign-ins to work
// (lib/identity/oidc/begin-sign-in.ts): its issuer is the one configured (ID tokens are checked
// against it), it has the authorization and token endpoints, it takes PKCE with S256, and, where it
// lists the acr values it supports, the two levels we ask: substantial (KYC level 1) and high
// (KYC level 2). A broker that does not list a field is not failed for it: the field is optional
// in OpenID Connect Discovery, and the sign-in itself will tell.
import type { ServerMetadata } from "openid-client";
import type { EidLevel, OidcEidConfig } from "../identity/oidc/index.ts";
import { fail, pass, warn, type Check } from "./report.ts";

const ISSUER = "EID_OIDC_ISSUER_URL";
const ASKED: { level: EidLevel; why: string }[] = [
  { level: "substantial", why: "KYC level 1" },
  { level: "high", why: "KYC level 2" },
];

const sameUrl = (a: string, b: URL) => {
  try {
    return new URL(a).href === b.href;
  } catch {
    return false;
  }
};

function pkceCheck(metadata: ServerMetadata): Check {
  const methods = metadata.code_challenge_methods_supported;
  if (!methods)
    return warn("PKCE", "the broker does not list code_challenge_methods_supported; sign-ins send S256", []);
  return methods.includes("S256")
    ? pass("PKCE", "S256 supported", [])
    : fail("PKCE", `S256 is not among ${methods.join(", ")}: ask the broker to enable PKCE with S256`, [ISSUER]);
}

function acrChecks(config: OidcEidConfig, metadata: ServerMetadata): Check[] {
  const supported = metadata.acr_values_supported;
  if (!supported) return [warn("acr values", "the broker does not list acr_values_supported", [])];
  return ASKED.map(({ level, why }) => {
    const value = config.acrValueFor(level);
    return supported.includes(value)
      ? pass(`acr ${level}`, `${value} supported (${why})`, [])
      : fail(`acr ${level}`, `${value} is not supported (${why}): enable MitID ${level} for the client`, [ISSUER]);
  });
}

function levelClaimCheck(config: OidcEidConfig, metadata: ServerMetadata): Check | null {
  const claims = metadata.claims_supported;
  if (config.levelClaim === "acr" || !claims || claims.includes(config.levelClaim)) return null;
  return warn("level claim", `EID_OIDC_LEVEL_CLAIM=${config.levelClaim} is not in the broker's claims_supported`, [
    "EID_OIDC_LEVEL_CLAIM",
  ]);
}

export function brokerMetadataChecks(config: OidcEidConfig, metadata: ServerMetadata): Check[] {
  const checks: Check[] = [
    sameUrl(metadata.issuer, config.issuer)
      ? pass("issuer", `${metadata.issuer} matches ${ISSUER}`, [ISSUER])
      : fail("issuer", `the document names ${metadata.issuer}, not ${config.issuer.href}: set ${ISSUER} to it`, [
          ISSUER,
        ]),
  ];
  for (const [field, what] of [
    ["authorization_endpoint", "authorization endpoint"],
    ["token_endpoint", "token endpoint"],
  ] as const) {
    const url = metadata[field];
    checks.push(url ? pass(what, url, []) : fail(what, `the discovery document has no ${field}`, [ISSUER]));
  }
  checks.push(pkceCheck(metadata), ...acrChecks(config, metadata));
  const levelClaim = levelClaimCheck(config, metadata);
  if (levelClaim) checks.push(levelClaim);
  return checks;
}
