// serveApi's header lines beside the Request (lib/http/request-headers.ts): the API's reads see
// what `request.headers.get` would, the client's address is the server's and never the client's own
// line, and anything else that reads `request.headers` gets every line.
import { describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER } from "../../lib/http/client-address.ts";
import { requestHeader, withRawHeaders } from "../../lib/http/request-headers.ts";

// As Node gives rawHeaders: names as the client spelt them, repeated lines kept apart.
const raw = [
  "Host",
  "api.example",
  "Authorization",
  "Bearer esk_test_x",
  "Accept-Language",
  "da",
  "accept-language",
  "en;q=0.5",
  CLIENT_ADDRESS_HEADER,
  "6.6.6.6",
];
const marked = () => withRawHeaders(new Request("http://api.example/api/v1/x", { method: "POST" }), raw, "10.0.0.7");

describe("requestHeader", () => {
  it("reads a marked Request's lines as Headers.get would: any case, repeated lines joined", () => {
    const request = marked();
    const built = new Headers(
      Array.from({ length: raw.length / 2 }, (_, i): [string, string] => [raw[2 * i]!, raw[2 * i + 1]!]),
    );
    for (const name of ["authorization", "accept-language", "host", "idempotency-key"])
      expect(requestHeader(request, name)).toBe(built.get(name));
    expect(requestHeader(request, "accept-language")).toBe("da, en;q=0.5");
    expect(requestHeader(request, "idempotency-key")).toBeNull();
  });

  it("gives the client's address the server resolved, never the line the client sent", () => {
    const request = marked();
    expect(requestHeader(request, CLIENT_ADDRESS_HEADER)).toBe("10.0.0.7");
    expect(request.headers.get(CLIENT_ADDRESS_HEADER)).toBe("10.0.0.7");
  });

  it("builds request.headers on its first read, once, with every line", () => {
    const request = marked();
    const headers = request.headers;
    expect(headers.get("authorization")).toBe("Bearer esk_test_x");
    expect(headers.get("accept-language")).toBe("da, en;q=0.5");
    expect(request.headers).toBe(headers);
  });

  it("gives every marked Request the same accessor, so that they share one hidden class", () => {
    const [first, second] = [marked(), marked()];
    const getter = (request: Request) => Object.getOwnPropertyDescriptor(request, "headers")?.get;
    expect(getter(first)).toBeTypeOf("function");
    expect(getter(first)).toBe(getter(second));
    expect(first.headers).not.toBe(second.headers);
  });

  it("reads an ordinary Request's own headers (Next's path)", () => {
    const request = new Request("http://x/", { headers: { authorization: "Bearer y" } });
    expect(requestHeader(request, "authorization")).toBe("Bearer y");
    expect(requestHeader(request, CLIENT_ADDRESS_HEADER)).toBeNull();
  });
});
