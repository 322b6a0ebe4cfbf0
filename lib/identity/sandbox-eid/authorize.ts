// GET /sandbox-eid/authorize: the sandbox eID's authorization endpoint. The person was picked on
// our hosted page and arrives as login_hint (OpenID Connect Core 3.1.2.1), so the answer is at
// once: a code for that person, or the error a broker would give (server_error for the test
// person whose sign-in fails). A request that names another client or redirect URI is refused on a
// page of its own, never redirected (RFC 6749 4.1.2.1); a malformed one is sent back with
// invalid_request.
import { simulatedPerson } from "../simulated-identity-provider.ts";
import { issueCode } from "./authorization-code.ts";
import { SANDBOX_EID_CLIENT_ID, sandboxRedirectUri } from "./issuer.ts";

function refusal(message: string): Response {
  return new Response(message, { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } });
}

function back(redirectUri: string, parameters: Record<string, string>): Response {
  const target = new URL(redirectUri);
  for (const [name, value] of Object.entries(parameters)) target.searchParams.set(name, value);
  return new Response(null, { status: 303, headers: { location: target.href, "cache-control": "no-store" } });
}

export function sandboxAuthorize(request: Request): Response {
  const query = new URL(request.url).searchParams;
  const redirectUri = query.get("redirect_uri");
  if (query.get("client_id") !== SANDBOX_EID_CLIENT_ID) return refusal("Unknown client_id.");
  if (redirectUri !== sandboxRedirectUri()) return refusal("redirect_uri is not registered for this client.");
  const state = query.get("state") ?? "";
  const error = (code: string, description: string) =>
    back(redirectUri, { error: code, error_description: description, ...(state && { state }) });

  const scopes = (query.get("scope") ?? "").split(" ");
  const codeChallenge = query.get("code_challenge");
  const nonce = query.get("nonce");
  if (query.get("response_type") !== "code") return error("unsupported_response_type", "Only the code flow.");
  if (!scopes.includes("openid")) return error("invalid_scope", "The openid scope is required.");
  if (!codeChallenge || query.get("code_challenge_method") !== "S256")
    return error("invalid_request", "PKCE with S256 is required.");
  if (!state || !nonce) return error("invalid_request", "state and nonce are required.");

  const personId = query.get("login_hint") ?? "";
  if (!personId) return error("invalid_request", "login_hint must name the test person.");
  if (!simulatedPerson(personId)) return error("server_error", "The sign-in failed.");
  const code = issueCode({ personId, clientId: SANDBOX_EID_CLIENT_ID, redirectUri, codeChallenge, nonce });
  return back(redirectUri, { code, state });
}
