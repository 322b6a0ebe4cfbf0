// GET /sandbox-eid/jwks – the key the sandbox eID signs ID tokens with (lib/identity/sandbox-eid/signing-key.ts)
import { sandboxJwks } from "@/lib/identity/sandbox-eid/signing-key.ts";

export async function GET(): Promise<Response> {
  return Response.json(await sandboxJwks());
}
