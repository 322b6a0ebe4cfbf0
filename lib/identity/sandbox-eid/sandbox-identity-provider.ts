// The sandbox's eID as the hosted pages use it: the same relying party as a MitID broker's
// (oidcIdentityProvider), against the sandbox's own issuer, reached in this process. The tester
// picks the test person on our page; it goes to the issuer as login_hint.
import { publicBaseUrl } from "../../config.ts";
import { oidcIdentityProvider } from "../broker-identity-provider.ts";
import { oidcEidConfig, type EidLevel } from "../oidc/index.ts";
import { simulatedIdentityProvider } from "../simulated-identity-provider.ts";
import { sandboxIssuerFetch } from "./in-process-fetch.ts";
import { SANDBOX_EID_CLIENT_ID, SANDBOX_EID_CLIENT_SECRET, sandboxIssuer } from "./issuer.ts";

function sandboxConfig(requestedLevel: EidLevel) {
  return oidcEidConfig({
    issuerUrl: sandboxIssuer(),
    clientId: SANDBOX_EID_CLIENT_ID,
    clientSecret: SANDBOX_EID_CLIENT_SECRET,
    publicBaseUrl: publicBaseUrl(),
    requestedLevel,
    inProcess: sandboxIssuerFetch,
  });
}

export const sandboxIdentityProvider = oidcIdentityProvider(simulatedIdentityProvider.name, sandboxConfig, {
  testIdentities: simulatedIdentityProvider.testIdentities,
});
