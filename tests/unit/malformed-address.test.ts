// Addresses whose percent-escapes do not decode (lib/http/malformed-address.ts): which they are,
// and the 400 the production server answers for each face (tests/processes/http-edges.test.ts
// sends them to the built server).
import { describe, expect, it } from "vitest";
import { hasMalformedEscape, malformedAddress } from "../../lib/http/malformed-address.ts";

describe("addresses whose escapes do not decode", () => {
  it("are those decodeURIComponent refuses: a bad hex pair, a cut escape, bytes that are not UTF-8", () => {
    for (const path of ["/console/api/exports/%E0", "/pay/%", "/a/%ZZ", "/a/%ED%A0%80", "/a/%C3%28", "/api/v1/x%2"])
      expect(hasMalformedEscape(path), path).toBe(true);
    for (const path of ["/console/trades/abc", "/api/v1/marketplace/users/%C3%A6", "/a/%2F%20b", "/a/%00"])
      expect(hasMalformedEscape(path), path).toBe(false);
  });

  it("answer in the shape of the face they were meant for", () => {
    const api = malformedAddress("/api/v1/marketplace/users/%E0");
    const record = JSON.parse(api.body);
    expect(record).toMatchObject({ status: 400, typeCode: "malformed-request", errors: [] });
    expect(api.headers["x-correlation-id"]).toBe(record.traceId);
    expect(api.headers["content-type"]).toBe("application/json");
    // The API's security headers, as its routes' answers carry them; the page-only ones are not.
    expect(api.headers["x-frame-options"]).toBe("DENY");
    expect(api.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
    expect(api.headers["referrer-policy"]).toBeUndefined();
    const console = malformedAddress("/console/api/exports/%E0");
    expect(JSON.parse(console.body)).toEqual({
      error: "The address has a percent-escape that does not decode to UTF-8 text.",
      code: "malformed-request",
    });
    const page = malformedAddress("/pay/%E0");
    expect(page.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(page.headers["x-frame-options"]).toBe("DENY");
    expect(page.headers["referrer-policy"]).toBe("same-origin");
    expect(page.body).toBe("The address has a percent-escape that does not decode to UTF-8 text.\n");
  });
});
