// Most API answers are JSON text the route already holds. Putting that text into a Response and
// reading it back out costs several times what encoding it once does: undici encodes it at once,
// then streams it and gathers the stream again (docs/performance.md). So when serveApi calls the
// route (the production server, lib/http/serve-api.ts), it marks the Request, and the route answers
// with an empty Response that carries its text for serveApi to write, and its headers as plain
// strings: a Headers object validates, lower-cases and sorts every name it is given and again when
// it is read, for headers that serveApi only copies into Node's answer. Next, when it serves the
// same route (`npm run dev`), gets an ordinary Response. Registered symbols, so that the marks
// survive two copies of this module.
const TAKES_TEXT = Symbol.for("escrow.takesResponseText");
const TEXT = Symbol.for("escrow.responseText");
const HEADERS = Symbol.for("escrow.responseHeaders");

type MarkedRequest = Request & { [TAKES_TEXT]?: true };
type MarkedResponse = Response & { [TEXT]?: string | Buffer; [HEADERS]?: Record<string, string> };

/** serveApi's mark on the Requests it makes: it writes a textResponse's text itself. */
export function takesResponseText(request: Request): Request {
  (request as MarkedRequest)[TAKES_TEXT] = true;
  return request;
}

/**
 * A Response with this text (or its bytes) as its body: for serveApi the text and the headers
 * beside an empty body. Header names are given lower-case, as a Headers object gives them back.
 */
export function textResponse(
  request: Request,
  text: string | Buffer,
  init: { status: number; headers: Record<string, string> },
): Response {
  if (!(request as MarkedRequest)[TAKES_TEXT])
    return new Response(text.length ? (text as string | Uint8Array<ArrayBuffer>) : null, init);
  const response: MarkedResponse = new Response(null, { status: init.status });
  response[TEXT] = text;
  response[HEADERS] = { ...init.headers };
  return response;
}

/** The text a textResponse carries beside its body (undefined for any other Response). */
export function responseText(response: Response): string | Buffer | undefined {
  return (response as MarkedResponse)[TEXT];
}

/** Sets a header of the answer: beside a textResponse for serveApi, else on the Response's own. */
export function setAnswerHeader(response: Response, lowerCaseName: string, value: string): void {
  const beside = (response as MarkedResponse)[HEADERS];
  if (beside) beside[lowerCaseName] = value;
  else response.headers.set(lowerCaseName, value);
}

/** The headers a textResponse carries beside it, lower-case (undefined for any other Response). */
export function answerHeaders(response: Response): Readonly<Record<string, string>> | undefined {
  return (response as MarkedResponse)[HEADERS];
}
