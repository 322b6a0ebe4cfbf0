// An API request's body read from Node's stream into memory, up to a limit (lib/http/serve-api.ts).
import type { IncomingMessage } from "node:http";

/**
 * The body's bytes. When more than `limit` arrive, reading stops there and the bytes so far (more
 * than `limit`) are the result, so that the API's reader refuses them (413 payload-too-large)
 * exactly as it refuses a body whose declared length is over the limit; the caller closes the
 * connection after answering rather than read the rest. Null when the client went away first
 * (the stream failed or closed before its end): there is no one to answer.
 */
export function readNodeBody(request: IncomingMessage, limit: number): Promise<Buffer | null> {
  if (request.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const finish = (result: Buffer | null) => {
      request.off("data", onData).off("end", onEnd).off("error", onGone).off("close", onGone);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      total += chunk.length;
      if (total > limit) {
        request.pause();
        finish(Buffer.concat(chunks, total));
      }
    };
    const onEnd = () => finish(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total));
    const onGone = () => finish(null);
    request.on("data", onData).on("end", onEnd).on("error", onGone).on("close", onGone);
  });
}
