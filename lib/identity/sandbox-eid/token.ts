// POST /sandbox-eid/token: the sandbox eID's token endpoint. The client authenticates with HTTP
// Basic (client_secret_basic); the code is redeemed with the PKCE verifier for an ID token signed
// with the issuer's key (ES256), carrying the nonce and the person's claims (person-claims.ts).
// Errors are RFC 6749 5.2's JSON, never a stack or a value that was sent.
import { createHash, timingSafeEqual } from "node:crypto";
import { SignJWT } from "jose";
import { simulatedPerson } from "../simulated-identity-provider.ts";
import { redeemCode } from "./authorization-code.ts";
import { SANDBOX_EID_CLIENT_ID, SANDBOX_EID_CLIENT_SECRET, sandboxIssuer } from "./issuer.ts";
import { personClaims } from "./person-claims.ts";
import { sandboxSigningKey } from "./signing-key.ts";

const ID_TOKEN_SECONDS = 300;
const NO_STORE = { "content-type": "application/json", "cache-control": "no-store" };

export function tokenError(status: number, error: string, description: string): Response {
  const headers: Record<string, string> = { ...NO_STORE };
  if (status === 401) headers["www-authenticate"] = 'Basic realm="sandbox-eid"';
  return new Response(JSON.stringify({ error, error_description: description }), { status, headers });
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** client_secret_basic: the id and secret form-urlencoded, then base64 (RFC 6749 2.3.1). */
function authenticatedClient(header: string | null): string | null {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header ?? "");
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  try {
    const id = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, " "));
    const secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, " "));
    return id === SANDBOX_EID_CLIENT_ID && same(secret, SANDBOX_EID_CLIENT_SECRET) ? id : null;
  } catch {
    return null; // a malformed percent-encoding is no client of ours
  }
}

/** The token request: its Authorization header and its form (read, within a size limit, by the caller). */
export async function sandboxToken(authorization: string | null, form: URLSearchParams): Promise<Response> {
  const clientId = authenticatedClient(authorization);
  if (!clientId) return tokenError(401, "invalid_client", "Client authentication failed.");
  if (form.get("grant_type") !== "authorization_code")
    return tokenError(400, "unsupported_grant_type", "Only authorization_code.");
  const grant = redeemCode(form.get("code") ?? "");
  const verifier = form.get("code_verifier") ?? "";
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  if (
    !grant ||
    grant.clientId !== clientId ||
    grant.redirectUri !== form.get("redirect_uri") ||
    !verifier ||
    !same(challenge, grant.codeChallenge)
  )
    return tokenError(400, "invalid_grant", "The code is invalid, expired, or does not match the request.");
  const person = simulatedPerson(grant.personId);
  if (!person) return tokenError(400, "invalid_grant", "The code names nobody.");

  const key = await sandboxSigningKey();
  const idToken = await new SignJWT({ ...personClaims(person), nonce: grant.nonce, auth_time: nowSeconds() })
    .setProtectedHeader({ alg: "ES256", kid: key.kid, typ: "JWT" })
    .setIssuer(sandboxIssuer())
    .setAudience(clientId)
    .setIssuedAt()
    .setExpirationTime(`${ID_TOKEN_SECONDS}s`)
    .sign(key.privateKey);
  const body = { access_token: createHash("sha256").update(idToken).digest("base64url"), token_type: "Bearer" };
  return new Response(
    JSON.stringify({ ...body, expires_in: ID_TOKEN_SECONDS, id_token: idToken, scope: "openid profile" }),
    {
      status: 200,
      headers: NO_STORE,
    },
  );
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
