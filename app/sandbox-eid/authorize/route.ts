// GET /sandbox-eid/authorize – the sandbox eID's authorization endpoint (lib/identity/sandbox-eid/authorize.ts)
import { sandboxAuthorize } from "@/lib/identity/sandbox-eid/authorize.ts";

export const GET = (request: Request) => sandboxAuthorize(request);
