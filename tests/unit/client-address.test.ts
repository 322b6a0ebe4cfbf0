// The client address behind per-client limits (hosted pages and console sign-in) is the entry our
// own proxy appended, never one the client wrote itself.
import { describe, expect, it } from "vitest";
import { clientAddress } from "../../lib/http/client-address.ts";

describe("clientAddress", () => {
  it("takes the last X-Forwarded-For entry, so a forged first one changes nothing", () => {
    expect(clientAddress(new Headers({ "x-forwarded-for": "6.6.6.6, 203.0.113.7" }))).toBe("203.0.113.7");
    expect(clientAddress(new Headers({ "x-forwarded-for": "1.1.1.1, 2.2.2.2, 203.0.113.7" }))).toBe("203.0.113.7");
    expect(clientAddress(new Headers({ "x-forwarded-for": "203.0.113.7" }))).toBe("203.0.113.7");
  });

  it("reads next-auth's plain header objects the same way, and falls back to X-Real-IP", () => {
    expect(clientAddress({ "x-forwarded-for": "6.6.6.6, 198.51.100.2" })).toBe("198.51.100.2");
    expect(clientAddress({ "x-forwarded-for": ["6.6.6.6", "198.51.100.2"] })).toBe("198.51.100.2");
    expect(clientAddress({ "x-real-ip": " 198.51.100.9 " })).toBe("198.51.100.9");
    expect(clientAddress(undefined)).toBe("unknown");
    expect(clientAddress(new Headers())).toBe("unknown");
  });
});
