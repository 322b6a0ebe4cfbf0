// Signs a webhook message as Shipmondo does (shipmondo.dev/docs/webhooks/requirements-and-structure):
// an HS256 JWT under the webhook's key, sent as `{"data": "<jwt>"}`. The payload is the message
// JSON-encoded twice, a JSON string holding the JSON object, because that is what the documented
// example token carries: its header "eyJhbGciOiJIUzI1NiJ9" is `{"alg":"HS256"}` (no `typ`) and its
// payload "IntcIndlYmhvb2tcIjpc…" decodes to `"{\"webhook\":\"…`. No `exp`, no event id.
import { CompactSign } from "jose";

export async function signedBody(message: Record<string, unknown>, key: string): Promise<string> {
  const payload = new TextEncoder().encode(JSON.stringify(JSON.stringify(message)));
  const token = await new CompactSign(payload).setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode(key));
  return JSON.stringify({ data: token });
}
