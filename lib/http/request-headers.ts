// The production server (lib/http/serve-api.ts) hands a route its request's header lines beside the
// Request instead of in it: copying every line into the Request's Headers, which validates and
// lower-cases each, cost more than the few reads an API call makes (the authorization, the
// correlation id, the language, the idempotency key, the body's type and length). Those read them
// with requestHeader, from the raw lines; anything else that reads `request.headers` gets them
// built there on its first read. Next, serving the same route (`npm run dev`), gives a Request with
// its own headers. A registered symbol, so that the mark survives two copies of this module, as for
// the body's bytes (request-body.ts).
import { CLIENT_ADDRESS_HEADER } from "./client-address.ts";
import { rawHeader } from "./raw-headers.ts";

const RAW = Symbol.for("escrow.rawRequestHeaders");
const BUILT = Symbol.for("escrow.builtRequestHeaders");

type MarkedRequest = Request & { [RAW]?: { raw: string[]; client: string }; [BUILT]?: Headers };

/**
 * The `headers` of a marked Request, built on the first read. One function for every Request:
 * V8 gives objects whose accessors are different functions different hidden classes, so a getter
 * made per Request would have made a new class per request.
 */
function builtHeaders(this: MarkedRequest): Headers {
  const built = this[BUILT];
  if (built) return built;
  const { raw, client } = this[RAW]!;
  const headers = new Headers();
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  headers.set(CLIENT_ADDRESS_HEADER, client);
  return (this[BUILT] = headers);
}

/**
 * Marks a Request (made without headers) with Node's raw header lines and the client's address as
 * the server resolved it (CLIENT_ADDRESS_HEADER, never what the client sent in that header).
 */
export function withRawHeaders(request: Request, raw: string[], client: string): Request {
  (request as MarkedRequest)[RAW] = { raw, client };
  Object.defineProperty(request, "headers", { configurable: true, get: builtHeaders });
  return request;
}

/** A header of the request, as `request.headers.get(name)` gives it; `name` in lower case. */
export function requestHeader(request: Request, name: string): string | null {
  const marked = (request as MarkedRequest)[RAW];
  if (!marked) return request.headers.get(name);
  if (name === CLIENT_ADDRESS_HEADER) return marked.client;
  return rawHeader(marked.raw, name, "join") ?? null;
}
