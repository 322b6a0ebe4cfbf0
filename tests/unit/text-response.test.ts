// A route's JSON answer reaches the client whole on both servers: Next reads the Response's body,
// the production server (lib/http/serve-api.ts) the text and the headers the route kept beside an
// empty body.
import { describe, expect, it } from "vitest";
import {
  answerHeaders,
  responseText,
  setAnswerHeader,
  takesResponseText,
  textResponse,
} from "../../lib/http/text-response.ts";

const text = JSON.stringify({ trades: [{ title: "Cykel æøå — 🚲" }], pagination: { page: 1 } });
const init = { status: 200, headers: { "content-type": "application/json" } };

describe("textResponse", () => {
  it("gives Next an ordinary Response with the text as its body", async () => {
    const response = textResponse(new Request("http://x/api/v1/x"), text, init);
    expect(responseText(response)).toBeUndefined();
    expect(await response.text()).toBe(text);
    expect(response.headers.get("content-type")).toBe("application/json");
  });

  it("gives serveApi's marked Request the text itself, to be encoded once, and the headers beside it", async () => {
    const response = textResponse(takesResponseText(new Request("http://x/api/v1/x")), text, init);
    expect(responseText(response)).toBe(text);
    expect(response.status).toBe(200);
    expect(answerHeaders(response)).toEqual({ "content-type": "application/json" });
    expect(response.body).toBeNull();
  });

  it("sets a header where each server reads it: beside the marked answer, on an ordinary Response's own", () => {
    const marked = textResponse(takesResponseText(new Request("http://x/")), text, init);
    setAnswerHeader(marked, "x-correlation-id", "trace-1");
    expect(answerHeaders(marked)).toEqual({ "content-type": "application/json", "x-correlation-id": "trace-1" });
    // The caller's init is not the answer's: the next answer made with it starts without the header.
    expect(init.headers).toEqual({ "content-type": "application/json" });
    const plain = textResponse(new Request("http://x/"), text, init);
    setAnswerHeader(plain, "x-correlation-id", "trace-2");
    expect(answerHeaders(plain)).toBeUndefined();
    expect(plain.headers.get("x-correlation-id")).toBe("trace-2");
    const error = Response.json({ typeCode: "not-found" }, { status: 404 });
    setAnswerHeader(error, "cache-control", "no-store");
    expect(error.headers.get("cache-control")).toBe("no-store");
  });

  it("answers 204 without a body either way", async () => {
    const plain = textResponse(new Request("http://x/"), "", { status: 204, headers: {} });
    expect(plain.body).toBeNull();
    const marked = textResponse(takesResponseText(new Request("http://x/")), "", { status: 204, headers: {} });
    expect(responseText(marked)).toBe("");
  });
});
