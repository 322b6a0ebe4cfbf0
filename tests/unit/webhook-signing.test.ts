import { describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { nextRetryDelay, DEFAULT_RETRY_SCHEDULE_MS } from "../../lib/webhooks/retry-schedule.ts";
import { activeSecrets, generateSigningSecret, sealSigningSecret, signedHeaders } from "../../lib/webhooks/signing.ts";
import { isPublicAddress } from "../../lib/webhooks/url-safety.ts";

describe("webhook signatures", () => {
  it("verify with standardwebhooks under the current secret, and the previous one during its grace period", () => {
    const oldSecret = generateSigningSecret();
    const newSecret = generateSigningSecret();
    const now = new Date();
    const body = JSON.stringify({ id: "evt-1", eventName: "trade.created" });
    // As stored: sealed under the data key, bound to the subscription.
    const stored = {
      id: "sub-1",
      secret: sealSigningSecret("sub-1", newSecret),
      previousSecret: sealSigningSecret("sub-1", oldSecret),
    };
    const during = activeSecrets({ ...stored, previousSecretExpiresAt: new Date(now.getTime() + 1000) }, now);
    const headers = signedHeaders("evt-1", body, during, now);
    expect(headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(new Webhook(oldSecret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(newSecret).verify(body, headers)).toEqual(JSON.parse(body));

    const after = activeSecrets({ ...stored, previousSecretExpiresAt: new Date(now.getTime() - 1) }, now);
    const later = signedHeaders("evt-1", body, after, now);
    expect(() => new Webhook(oldSecret).verify(body, later)).toThrow();
    expect(new Webhook(newSecret).verify(body, later)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newSecret).verify(`${body} `, later)).toThrow();

    // A sealed secret copied into another subscription's row does not open there.
    expect(() => activeSecrets({ ...stored, id: "sub-2", previousSecretExpiresAt: null }, now)).toThrow();
  });
});

describe("retry schedule", () => {
  it("covers more than 24 hours with ±10 % jitter, then gives up", () => {
    const total = DEFAULT_RETRY_SCHEDULE_MS.reduce((sum, ms) => sum + ms, 0);
    expect(total).toBeGreaterThan(24 * 3600 * 1000);
    expect(nextRetryDelay(DEFAULT_RETRY_SCHEDULE_MS, 1, () => 0)).toBe(4500);
    expect(nextRetryDelay(DEFAULT_RETRY_SCHEDULE_MS, 1, () => 1)).toBe(5500);
    expect(nextRetryDelay(DEFAULT_RETRY_SCHEDULE_MS, DEFAULT_RETRY_SCHEDULE_MS.length)).toBeNull();
  });
});

describe("public addresses", () => {
  it.each([
    ["8.8.8.8", true],
    ["2a00:1450:4001:80b::200e", true],
    ["127.0.0.1", false],
    ["10.0.0.1", false],
    ["172.20.1.1", false],
    ["192.168.0.10", false],
    ["169.254.169.254", false],
    ["100.100.1.1", false],
    ["::1", false],
    ["fe80::1", false],
    ["fd00::1", false],
    ["::ffff:127.0.0.1", false],
    ["::ffff:8.8.8.8", true],
    ["not-an-ip", false],
  ])("%s → %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
