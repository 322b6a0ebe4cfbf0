// Sandbox webhook targets (lib/webhooks/url-safety.ts): loopback and private addresses are allowed
// for local development and refused by the production server unless the operator allows them.
import { afterEach, describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import {
  checkWebhookUrlShape,
  livePrivateOrigins,
  resolveWebhookTarget,
  sandboxMayReachPrivateAddresses,
} from "../../lib/webhooks/url-safety.ts";

const original = process.env.WEBHOOK_SANDBOX_PRIVATE_TARGETS;
const originalLive = process.env.WEBHOOK_LIVE_PRIVATE_ORIGINS;
afterEach(() => {
  if (original === undefined) delete process.env.WEBHOOK_SANDBOX_PRIVATE_TARGETS;
  else process.env.WEBHOOK_SANDBOX_PRIVATE_TARGETS = original;
  if (originalLive === undefined) delete process.env.WEBHOOK_LIVE_PRIVATE_ORIGINS;
  else process.env.WEBHOOK_LIVE_PRIVATE_ORIGINS = originalLive;
});

async function refusal(work: () => unknown): Promise<string> {
  try {
    await work();
  } catch (error) {
    if (error instanceof AppError) return error.errors.map((e) => `${e.key}: ${e.value}`).join("; ");
    throw error;
  }
  return "accepted";
}

describe("sandbox webhook targets", () => {
  it("are allowed by default, denied by default in production, and the setting wins", () => {
    expect(sandboxMayReachPrivateAddresses({})).toBe(true);
    expect(sandboxMayReachPrivateAddresses({ NODE_ENV: "production" })).toBe(false);
    expect(sandboxMayReachPrivateAddresses({ NODE_ENV: "production", WEBHOOK_SANDBOX_PRIVATE_TARGETS: "allow" })).toBe(
      true,
    );
    expect(sandboxMayReachPrivateAddresses({ WEBHOOK_SANDBOX_PRIVATE_TARGETS: "deny" })).toBe(false);
  });

  it("when allowed: sandbox http to loopback and https to private addresses pass; live mode never", async () => {
    process.env.WEBHOOK_SANDBOX_PRIVATE_TARGETS = "allow";
    expect(checkWebhookUrlShape("test", "http://127.0.0.1:9/hooks").hostname).toBe("127.0.0.1");
    expect(await resolveWebhookTarget("test", new URL("https://10.1.2.3/hooks"))).toEqual({
      address: "10.1.2.3",
      family: 4,
    });
    expect(await refusal(() => checkWebhookUrlShape("live", "http://127.0.0.1:9/hooks"))).toMatch(
      /^url: Must use https/,
    );
    expect(await refusal(() => resolveWebhookTarget("live", new URL("https://10.1.2.3/hooks")))).toMatch(
      /^url: .*not a public address/,
    );
  });

  it("when denied: sandbox subscriptions get live mode's checks", async () => {
    process.env.WEBHOOK_SANDBOX_PRIVATE_TARGETS = "deny";
    expect(await refusal(() => checkWebhookUrlShape("test", "http://127.0.0.1:9/hooks"))).toMatch(
      /^url: This server does not deliver sandbox webhooks to its own host or private addresses \(its operator allows that with WEBHOOK_SANDBOX_PRIVATE_TARGETS=allow/,
    );
    expect(await refusal(() => checkWebhookUrlShape("test", "http://localhost:9/hooks"))).toMatch(
      /^url: This server does not deliver sandbox webhooks to its own host/,
    );
    for (const address of ["127.0.0.1", "10.1.2.3", "169.254.169.254", "192.168.0.10", "[::1]"]) {
      expect(await refusal(() => resolveWebhookTarget("test", new URL(`https://${address}/hooks`))), address).toMatch(
        /^url: .*not a public address\. .*WEBHOOK_SANDBOX_PRIVATE_TARGETS=allow/,
      );
    }
    expect(await resolveWebhookTarget("test", new URL("https://93.184.215.14/hooks"))).toEqual({
      address: "93.184.215.14",
      family: 4,
    });
  });
});

describe("live webhook targets at private origins the operator names", () => {
  it("reads only exact origins from WEBHOOK_LIVE_PRIVATE_ORIGINS", () => {
    const origins = livePrivateOrigins({
      WEBHOOK_LIVE_PRIVATE_ORIGINS:
        " https://hooks.internal:8443 ,http://127.0.0.1:3224/, https://10.0.0.0/8, ftp://10.1.1.1, nonsense,https://a.internal/hooks",
    });
    expect([...origins]).toEqual(["https://hooks.internal:8443", "http://127.0.0.1:3224"]);
    expect(livePrivateOrigins({}).size).toBe(0);
  });

  it("lets live subscriptions reach exactly those origins; plain http only on loopback", async () => {
    process.env.WEBHOOK_LIVE_PRIVATE_ORIGINS = "http://127.0.0.1:3224,https://10.1.2.3,http://10.9.9.9";
    expect(checkWebhookUrlShape("live", "http://127.0.0.1:3224/webhooks").port).toBe("3224");
    expect(await resolveWebhookTarget("live", new URL("http://127.0.0.1:3224/webhooks"))).toEqual({
      address: "127.0.0.1",
      family: 4,
    });
    expect(await resolveWebhookTarget("live", new URL("https://10.1.2.3/hooks"))).toEqual({
      address: "10.1.2.3",
      family: 4,
    });
    // Another port, another host, or http off loopback: refused as before.
    expect(await refusal(() => checkWebhookUrlShape("live", "http://127.0.0.1:3225/webhooks"))).toMatch(
      /^url: Must use https/,
    );
    expect(await refusal(() => resolveWebhookTarget("live", new URL("https://10.1.2.4/hooks")))).toMatch(
      /^url: .*not a public address/,
    );
    expect(await refusal(() => checkWebhookUrlShape("live", "http://10.9.9.9/hooks"))).toMatch(/^url: Must use https/);
    // The sandbox's rule is its own setting.
    process.env.WEBHOOK_SANDBOX_PRIVATE_TARGETS = "deny";
    expect(await refusal(() => resolveWebhookTarget("test", new URL("https://10.1.2.3/hooks")))).toMatch(
      /not a public address/,
    );
  });
});

describe("live webhook targets in IPv6 transition ranges", () => {
  it("are refused: NAT64, 6to4, Teredo, IPv4-compatible and -translated addresses carry an IPv4 one", async () => {
    const { isPublicAddress } = await import("../../lib/webhooks/url-safety.ts");
    for (const address of [
      "64:ff9b::7f00:1", // NAT64 of 127.0.0.1
      "64:ff9b::a9fe:a9fe", // NAT64 of 169.254.169.254
      "64:ff9b:1::a00:1", // local-use NAT64
      "2002:7f00:1::1", // 6to4 of 127.0.0.1
      "2001:0:4136:e378:8000:63bf:3fff:fdd2", // Teredo
      "::7f00:1", // IPv4-compatible 127.0.0.1
      "::ffff:0:7f00:1", // IPv4-translated 127.0.0.1
      "100::1",
      "2001:db8::1",
      "::ffff:127.0.0.1", // IPv4-mapped, unwrapped
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
      expect(await refusal(() => resolveWebhookTarget("live", new URL(`https://[${address}]/hooks`))), address).toMatch(
        /not a public address/,
      );
    }
    // Ordinary public addresses still pass, in both families and in mapped form.
    for (const address of [
      "2a00:1450:4001:80b::200e",
      "2606:4700::6810:84e5",
      "8.8.8.8",
      "::ffff:8.8.8.8",
      "93.184.216.34",
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});

describe("live webhook targets in special-purpose ranges that are not globally reachable", () => {
  // The second outside probe subscribed https://[fec0::1]/ and the IPv4 documentation ranges.
  it("are refused: site-local, documentation, benchmarking, SRv6, unassigned IPv6 and their mapped forms", async () => {
    const { isPublicAddress } = await import("../../lib/webhooks/url-safety.ts");
    for (const address of [
      "fec0::1", // site-local (deprecated, outside 2000::/3)
      "192.0.2.1", // TEST-NET-1
      "198.51.100.7", // TEST-NET-2
      "203.0.113.9", // TEST-NET-3
      "192.88.99.1", // 6to4 relay anycast
      "198.19.255.254", // benchmarking
      "255.255.255.255",
      "3fff::1", // documentation, second block
      "5f00::1", // SRv6 segment identifiers
      "100:0:0:1::1", // dummy prefix
      "4000::1", // not assigned by IANA
      "2001:2::1", // benchmarking
      "2001:10::1", // ORCHID
      "2001:20::1", // ORCHIDv2
      "::ffff:c000:201", // IPv4-mapped 192.0.2.1, as URLs spell it
      "::ffff:a00:1", // IPv4-mapped 10.0.0.1, as URLs spell it
      "64:ff9b::a00:1", // NAT64 of 10.0.0.1
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
      const host = address.includes(":") ? `[${address}]` : address;
      expect(await refusal(() => resolveWebhookTarget("live", new URL(`https://${host}/hooks`))), address).toMatch(
        /not a public address/,
      );
    }
    // Real allocations next to those ranges stay public.
    for (const address of [
      "2001:200::1",
      "2001:4860:4860::8888",
      "2c0f:fb50::1",
      "192.0.3.1",
      "203.0.114.1",
      "::ffff:808:808",
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});
