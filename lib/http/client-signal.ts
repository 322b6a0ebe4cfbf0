// The production server (lib/http/serve-api.ts) hands a route the signal that the client went away
// beside the Request instead of in it: a Request made with a `signal` follows it through an
// AbortController and listener of its own, which cost more than the rest of the Request's making
// (docs/performance.md, "Issue 37, fifth day"). Next, serving the same route (`npm run dev`), gives
// a Request with its own signal. A registered symbol, so that the mark survives two copies of this
// module, as for the body's bytes (request-body.ts).
const CLIENT_SIGNAL = Symbol.for("escrow.clientSignal");

type MarkedRequest = Request & { [CLIENT_SIGNAL]?: AbortSignal };

/** Marks a Request (made without a signal) with the signal aborted when its client goes away. */
export function withClientSignal(request: Request, signal: AbortSignal): Request {
  (request as MarkedRequest)[CLIENT_SIGNAL] = signal;
  return request;
}

/** Aborted when the request's client goes away: serveApi's mark, or the Request's own signal. */
export function clientSignal(request: Request): AbortSignal {
  return (request as MarkedRequest)[CLIENT_SIGNAL] ?? request.signal;
}
