// GET /sandbox-eid/.well-known/openid-configuration – the sandbox eID's discovery document
// (lib/identity/sandbox-eid/issuer.ts)
import { sandboxDiscovery } from "@/lib/identity/sandbox-eid/issuer.ts";

export function GET(): Response {
  return Response.json(sandboxDiscovery());
}
