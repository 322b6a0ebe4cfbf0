// Reads a JSON request body with a size limit: too large is 413, not JSON is 400 malformed-request.
import { AppError } from "../errors.ts";
import { requestHeader } from "./request-headers.ts";

export const MAX_BODY_BYTES = 1024 * 1024;

export const NO_BODY = Symbol("no body");

/** Stateless between calls (no `stream` option), so one serves every request. */
const UTF8 = new TextDecoder("utf-8", { fatal: true });

export interface RequestBody {
  /** The parsed JSON, or NO_BODY for an empty body. */
  json: unknown;
  /** The raw text (for the idempotency fingerprint). */
  text: string;
}

export async function readJsonBody(request: Request, limit = MAX_BODY_BYTES): Promise<RequestBody> {
  const declared = Number(requestHeader(request, "content-length") ?? "0");
  if (declared > limit) throw tooLarge(limit);

  const bytes = await readLimited(request, limit);
  if (bytes.length === 0) return { json: NO_BODY, text: "" };

  const contentType = requestHeader(request, "content-type") ?? "";
  if (!/^application\/(.+\+)?json\s*(;|$)/i.test(contentType.trim())) {
    throw new AppError("malformed-request", "Send the body as JSON with the header Content-Type: application/json.");
  }
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    throw new AppError("malformed-request", "The request body is not valid UTF-8.");
  }
  try {
    return { json: JSON.parse(text), text };
  } catch {
    throw new AppError("malformed-request", "The request body is not valid JSON.");
  }
}

// The production server reads an API request's body from Node's stream itself (lib/http/serve-api.ts)
// and hands the bytes over beside the Request: a Request whose body is Node's stream turned into
// a web stream costs about as much CPU as the rest of a small POST's plumbing. A registered symbol,
// so that the mark survives two copies of this module, as for the answer's text (text-response.ts).
const BODY_BYTES = Symbol.for("escrow.requestBodyBytes");

type MarkedRequest = Request & { [BODY_BYTES]?: Uint8Array };

/**
 * Marks a Request (made without a body) as carrying these bytes as its body: at most `limit` + 1
 * of them, read from Node's request by readNodeBody.
 */
export function withBodyBytes(request: Request, bytes: Uint8Array): Request {
  (request as MarkedRequest)[BODY_BYTES] = bytes;
  return request;
}

/** The body's bytes, refusing (payload-too-large) as soon as more than `limit` arrive. */
export async function readLimited(request: Request, limit: number): Promise<Uint8Array> {
  const given = (request as MarkedRequest)[BODY_BYTES];
  if (given) {
    if (given.byteLength > limit) throw tooLarge(limit);
    return given;
  }
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function tooLarge(limit: number): AppError {
  return new AppError("payload-too-large", `The request body is larger than ${limit} bytes.`);
}
