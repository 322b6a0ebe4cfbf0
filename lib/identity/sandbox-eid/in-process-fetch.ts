// How the sandbox's relying party reaches the sandbox's eID: the request openid-client would send
// over the network is answered by the same handlers as the public routes under /sandbox-eid, in
// this process (openid-client's customFetch). Anything else is refused, so that a misdirected
// request cannot leave the process.
import type { CustomFetch } from "openid-client";
import { SANDBOX_EID_PATH, sandboxDiscovery, sandboxIssuer } from "./issuer.ts";
import { sandboxJwks } from "./signing-key.ts";
import { sandboxToken } from "./token.ts";

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });

export const sandboxIssuerFetch: CustomFetch = async (url, options) => {
  const issuer = sandboxIssuer();
  const path = url.startsWith(issuer) ? url.slice(issuer.length).split("?")[0] : null;
  switch (`${options.method} ${path}`) {
    case "GET /.well-known/openid-configuration":
      return json(sandboxDiscovery(issuer));
    case "GET /jwks":
      return json(await sandboxJwks());
    case "POST /token":
      // openid-client sends the form as URLSearchParams (or its text).
      return sandboxToken(options.headers.authorization ?? null, new URLSearchParams(String(options.body ?? "")));
    default:
      throw new Error(`The sandbox eID (${SANDBOX_EID_PATH}) does not answer ${options.method} ${url}`);
  }
};
