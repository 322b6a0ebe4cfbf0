// The client address behind per-client limits: the socket's, unless the socket is a proxy we trust
// (TRUSTED_PROXIES), and never a header the client wrote itself (security finding 3).
import { describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER, clientAddress } from "../../lib/http/client-address.ts";
import { parseTrustedProxies, resolveClientAddress } from "../../lib/http/trusted-proxies.ts";

describe("resolving the client address", () => {
  it("ignores X-Forwarded-For when no proxy is trusted (the default)", () => {
    const none = parseTrustedProxies(undefined);
    expect(resolveClientAddress("203.0.113.7", "10.7.7.7", none)).toBe("203.0.113.7");
    expect(resolveClientAddress("::ffff:203.0.113.7", "1.1.1.1, 2.2.2.2", none)).toBe("203.0.113.7");
    expect(resolveClientAddress(undefined, undefined, none)).toBe("unknown");
    expect(parseTrustedProxies("0")).toEqual({ kind: "none" });
  });

  it("believes X-Forwarded-For only from trusted proxies, walking past them from the right", () => {
    const proxies = parseTrustedProxies("10.0.0.0/8, 192.0.2.1, fd00::/8");
    // Our proxy (10.1.1.1) appended the client; what the client wrote before that does not count.
    expect(resolveClientAddress("10.1.1.1", "6.6.6.6, 198.51.100.2", proxies)).toBe("198.51.100.2");
    // Two of our proxies in a row.
    expect(resolveClientAddress("10.1.1.1", "6.6.6.6, 198.51.100.2, 192.0.2.1", proxies)).toBe("198.51.100.2");
    expect(resolveClientAddress("fd00::5", "2001:db8::9", proxies)).toBe("2001:db8::9");
    // A client that connects directly and sends the header is itself the client.
    expect(resolveClientAddress("198.51.100.77", "10.7.7.7", proxies)).toBe("198.51.100.77");
    // Garbage in the header is skipped, not taken as an address.
    expect(resolveClientAddress("10.1.1.1", "not-an-ip, 198.51.100.3", proxies)).toBe("198.51.100.3");
    expect(resolveClientAddress("10.1.1.1", "   ", proxies)).toBe("10.1.1.1");
  });

  it("with a hop count, takes the entry that many proxies from the socket", () => {
    const oneHop = parseTrustedProxies("1");
    expect(resolveClientAddress("10.1.1.1", "6.6.6.6, 198.51.100.2", oneHop)).toBe("198.51.100.2");
    expect(resolveClientAddress("10.1.1.1", undefined, oneHop)).toBe("10.1.1.1");
    const twoHops = parseTrustedProxies("2");
    expect(resolveClientAddress("10.1.1.1", "6.6.6.6, 198.51.100.2, 10.2.2.2", twoHops)).toBe("198.51.100.2");
  });

  it("refuses a malformed setting with what is wrong", () => {
    expect(() => parseTrustedProxies("10.0.0.0/33")).toThrow(/invalid prefix length/);
    expect(() => parseTrustedProxies("proxy.example")).toThrow(/not an IP address or CIDR/);
    expect(() => parseTrustedProxies("99")).toThrow(/0 to 10/);
  });

  it("reads only the server's own header, never X-Forwarded-For or X-Real-IP", () => {
    expect(clientAddress(new Headers({ [CLIENT_ADDRESS_HEADER]: "203.0.113.7", "x-forwarded-for": "10.7.7.7" }))).toBe(
      "203.0.113.7",
    );
    expect(clientAddress(new Headers({ "x-forwarded-for": "10.7.7.7", "x-real-ip": "10.7.7.8" }))).toBe("unknown");
    expect(clientAddress({ [CLIENT_ADDRESS_HEADER]: ["198.51.100.2"] })).toBe("198.51.100.2");
    expect(clientAddress(undefined)).toBe("unknown");
  });
});
