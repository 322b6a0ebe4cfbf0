// Calls a v1 route handler for a Node request and writes its Response back, with the headers that
// next.config.js gives API answers when Next serves them (lib/http/security-headers.js).
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { internalErrorRecord } from "../api/error-record.ts";
import type { RouteHandler } from "./api-router.ts";
import { withClientSignal } from "./client-signal.ts";
import { apiAnswerHeaders } from "./security-headers.js";
import { loggableError } from "../ops/loggable-error.ts";
import { rawHeader } from "./raw-headers.ts";
import { readNodeBody } from "./read-node-body.ts";
import { withRawHeaders } from "./request-headers.ts";
import { MAX_BODY_BYTES, withBodyBytes } from "./request-body.ts";
import { answerHeaders, responseText, takesResponseText } from "./text-response.ts";

const CORRELATION = Symbol.for("escrow.answerCorrelationId");

/** The X-Correlation-Id serveApi answered with (for the request's trace span; its headers are written at once). */
export function answeredCorrelationId(response: ServerResponse): string | undefined {
  return (response as ServerResponse & { [CORRELATION]?: string })[CORRELATION];
}

/** `client` is the client's address as the server resolved it (never a header the client sent). */
export async function serveApi(
  request: IncomingMessage,
  response: ServerResponse,
  handler: RouteHandler,
  params: Record<string, string>,
  origin: string,
  client: string,
): Promise<void> {
  try {
    const hasBody = request.method !== "GET" && request.method !== "HEAD";
    // The body is read here, at most one byte over the API's limit, and handed to the API's reader
    // (lib/http/request-body.ts) beside the Request. One declared over the limit is not read: the
    // reader refuses it by its Content-Length. Either way the rest is left unread, so the
    // connection closes after the answer.
    const raw = request.rawHeaders;
    const declaredTooLarge = Number(rawHeader(raw, "content-length", "first") ?? "0") > MAX_BODY_BYTES;
    const sent = hasBody && !declaredTooLarge ? await readNodeBody(request, MAX_BODY_BYTES) : undefined;
    if (sent === null) return void response.destroy(); // the client went away while sending
    const gone = clientGone(response);
    // The header lines and the signal go beside the Request (request-headers.ts, client-signal.ts).
    const webRequest = withRawHeaders(
      withClientSignal(takesResponseText(new Request(origin + request.url, { method: request.method })), gone),
      raw,
      client,
    );
    if (sent) withBodyBytes(webRequest, sent);
    const answer = await handler(webRequest, { params: Promise.resolve(params) });
    if (gone.aborted) {
      // No one to answer: a file not yet read is closed (its rows are not read), the rest dropped.
      await answer.body?.cancel().catch(() => {});
      return void response.destroy();
    }
    const out: Record<string, string | string[]> = { ...apiAnswerHeaders };
    if (declaredTooLarge || (sent && sent.length > MAX_BODY_BYTES)) out["connection"] = "close";
    const beside = answerHeaders(answer);
    if (beside) Object.assign(out, beside);
    else
      answer.headers.forEach((value, key) => {
        out[key] = key === "set-cookie" ? answer.headers.getSetCookie() : value;
      });
    const correlationId = out["x-correlation-id"];
    if (typeof correlationId === "string")
      (response as ServerResponse & { [CORRELATION]?: string })[CORRELATION] = correlationId;
    if (answer.body && answer.headers.has("content-disposition")) {
      // A file (an export) streams as the client reads it: buffered, it would sit whole in memory.
      for (const [key, value] of Object.entries(out)) response.setHeader(key, value);
      response.writeHead(answer.status);
      await streamFile(answer.body, response);
      return;
    }
    const text = responseText(answer);
    const body =
      text === undefined
        ? Buffer.from(await answer.arrayBuffer())
        : typeof text === "string"
          ? Buffer.from(text)
          : text;
    if (answer.status !== 204 && answer.status !== 304) out["content-length"] = String(body.length);
    // Given to writeHead as one list, written as they are: set one by one, each would be checked
    // and stored by Node before being written the same way.
    const head: string[] = [];
    for (const key in out) {
      const value = out[key]!;
      if (typeof value === "string") head.push(key, value);
      else for (const each of value) head.push(key, each);
    }
    response.writeHead(answer.status, head);
    response.end(body);
  } catch (error) {
    // apiRoute answers every failure itself; this is for a fault in the plumbing above.
    const traceId = crypto.randomUUID();
    console.error(
      `[${traceId}] serving ${request.method} ${(request.url ?? "").split("?")[0]} failed:`,
      loggableError(error),
    );
    if (!response.headersSent) {
      response.writeHead(500, {
        ...apiAnswerHeaders,
        "content-type": "application/json",
        "x-correlation-id": traceId,
        "cache-control": "no-store",
      });
    }
    response.end(JSON.stringify(internalErrorRecord(traceId)));
  }
}

/**
 * Aborted when the client goes away before the whole answer is written (the connection closed
 * first), as Next's own server does for the route handlers it calls: a long poll stops waiting and
 * an export stops reading, instead of working for no one.
 */
function clientGone(response: ServerResponse): AbortSignal {
  const controller = new AbortController();
  if (response.destroyed) controller.abort();
  response.once("close", () => {
    if (!response.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * Pipes the file with backpressure. Once it has begun, a failure (the database gone, the client
 * gone) can only cut the answer short: the connection is closed without the last chunk.
 */
async function streamFile(body: ReadableStream<Uint8Array>, response: ServerResponse): Promise<void> {
  try {
    await pipeline(Readable.fromWeb(body as NodeReadableStream<Uint8Array>), response);
  } catch (error) {
    if ((error as { code?: string }).code !== "ERR_STREAM_PREMATURE_CLOSE")
      console.error("streaming a file failed:", loggableError(error));
    response.destroy();
  }
}
