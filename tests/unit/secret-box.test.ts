// Secrets at rest (lib/crypto/secret-box.ts, data-keys.ts): sealed with AES-256-GCM under the first
// data key, opened by any listed key, bound to their purpose, and refused — never misread — when
// tampered with or sealed under a key that is not listed.
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { parseDataKeys } from "../../lib/crypto/data-keys.ts";
import { isSealed, openSecret, sealedWith, sealSecret } from "../../lib/crypto/secret-box.ts";

const key = () => randomBytes(32).toString("base64url");
const saved = process.env.DATA_ENCRYPTION_KEYS;
afterEach(() => {
  if (saved === undefined) delete process.env.DATA_ENCRYPTION_KEYS;
  else process.env.DATA_ENCRYPTION_KEYS = saved;
});

describe("secret box", () => {
  it("seals with the first key so that the stored text reveals nothing, and opens it again", () => {
    process.env.DATA_ENCRYPTION_KEYS = `k2:${key()},k1:${key()}`;
    const secret = `whsec_${randomBytes(32).toString("base64")}`;
    const stored = sealSecret(secret, "webhook-signing-secret");
    expect(isSealed(stored)).toBe(true);
    expect(sealedWith(stored)).toBe("k2");
    expect(stored).not.toContain(secret.slice(6, 20));
    expect(sealSecret(secret, "webhook-signing-secret")).not.toBe(stored); // a fresh IV each time
    expect(openSecret(stored, "webhook-signing-secret")).toBe(secret);
  });

  it("opens what an older key sealed while that key is listed, and says which key is missing when not", () => {
    const old = key();
    process.env.DATA_ENCRYPTION_KEYS = `k1:${old}`;
    const stored = sealSecret("whsec_old", "webhook-signing-secret");
    process.env.DATA_ENCRYPTION_KEYS = `k2:${key()},k1:${old}`;
    expect(openSecret(stored, "webhook-signing-secret")).toBe("whsec_old");
    process.env.DATA_ENCRYPTION_KEYS = `k2:${key()}`;
    expect(() => openSecret(stored, "webhook-signing-secret")).toThrow(
      /data key "k1", which DATA_ENCRYPTION_KEYS does not list/,
    );
  });

  it("refuses a tampered value, another purpose and the same id with another key", () => {
    process.env.DATA_ENCRYPTION_KEYS = `k1:${key()}`;
    const stored = sealSecret("whsec_abc", "webhook-signing-secret");
    const last = stored.at(-2) === "A" ? "B" : "A";
    expect(() => openSecret(`${stored.slice(0, -2)}${last}${stored.at(-1)}`, "webhook-signing-secret")).toThrow();
    expect(() => openSecret(stored, "payout-account-number")).toThrow();
    process.env.DATA_ENCRYPTION_KEYS = `k1:${key()}`;
    expect(() => openSecret(stored, "webhook-signing-secret")).toThrow();
  });

  it("opens plain text written before sealing as it is", () => {
    process.env.DATA_ENCRYPTION_KEYS = `k1:${key()}`;
    expect(openSecret("whsec_plain", "webhook-signing-secret")).toBe("whsec_plain");
    expect(sealedWith("whsec_plain")).toBeNull();
  });

  it("refuses a key list that is not id:32-byte-key entries with unique ids", () => {
    expect(parseDataKeys(`a:${key()}, b-2_x:${key()}`, "X")).toMatchObject({ current: "a" });
    for (const wrong of [
      "",
      "a",
      `a:${randomBytes(16).toString("base64url")}`,
      `a:${key()},a:${key()}`,
      `a b:${key()}`,
      `a:${key()}:x`,
    ]) {
      expect(() => parseDataKeys(wrong, "DATA_ENCRYPTION_KEYS"), wrong).toThrow(/DATA_ENCRYPTION_KEYS/);
    }
  });
});
