// POST /sandbox-eid/token – the sandbox eID's token endpoint (lib/identity/sandbox-eid/token.ts)
import { sandboxToken } from "@/lib/identity/sandbox-eid/token.ts";

export const POST = (request: Request) => sandboxToken(request);
