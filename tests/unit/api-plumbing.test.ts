import { describe, expect, it } from "vitest";
import { z } from "zod";
import { bearerToken, generateApiToken, hashApiToken } from "../../lib/auth/api-tokens.ts";
import { generatePassword, hashPassword, verifyPassword } from "../../lib/auth/passwords.ts";
import { tenantNow } from "../../lib/clock.ts";
import { fieldErrors, jsonPath } from "../../lib/schemas/validation.ts";
import { deterministicEventId } from "../../lib/webhooks/event-ids.ts";

describe("field errors", () => {
  it("keys each problem by its JSON path", () => {
    expect(jsonPath("", ["shipping", "expectedMaxWeight"])).toBe("shipping.expectedMaxWeight");
    expect(jsonPath("", ["imageUrls", 2])).toBe("imageUrls[2]");
    expect(jsonPath("", [])).toBe("body");
  });

  it("reports unknown fields on the field itself and each field once", () => {
    const schema = z.strictObject({ a: z.string().min(2).max(3), nested: z.strictObject({ b: z.number() }) });
    const result = schema.safeParse({ a: 5, nested: { b: "x", c: 1 }, d: true });
    expect(result.success).toBe(false);
    const entries = fieldErrors(result.error!);
    expect(entries.map((e) => e.key).sort()).toEqual(["a", "d", "nested.b", "nested.c"]);
    expect(entries.find((e) => e.key === "d")?.value).toBe("Unknown field");
  });
});

describe("API tokens", () => {
  it("are 256-bit, mode-prefixed, hashed and recognised only in the Bearer header", () => {
    const token = generateApiToken("test");
    expect(token.token).toMatch(/^esk_test_[A-Za-z0-9_-]{43}$/);
    expect(token.tokenHash).toBe(hashApiToken(token.token));
    expect(token.prefix).toBe(`${token.token.slice(0, 13)}…`);
    expect(bearerToken(`Bearer ${token.token}`)).toBe(token.token);
    expect(bearerToken(`bearer ${token.token}`)).toBe(token.token);
    expect(bearerToken(token.token)).toBeNull();
    expect(bearerToken("Bearer esk_prod_x")).toBeNull();
    expect(bearerToken(null)).toBeNull();
    expect(generateApiToken("live").token.startsWith("esk_live_")).toBe(true);
  });
});

describe("staff passwords", () => {
  it("verify only the right password", async () => {
    const password = generatePassword();
    const stored = await hashPassword(password);
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword(password, stored)).toBe(true);
    expect(await verifyPassword(`${password}x`, stored)).toBe(false);
    expect(await verifyPassword(password, "garbage")).toBe(false);
  });
});

describe("the sandbox clock", () => {
  it("moves test-mode time by the tenant's offset and leaves live time alone", () => {
    const tenant = { sandboxClockOffsetSeconds: 3600n };
    expect(tenantNow(tenant, "test", 0).toISOString()).toBe("1970-01-01T01:00:00.000Z");
    expect(tenantNow(tenant, "live", 0).toISOString()).toBe("1970-01-01T00:00:00.000Z");
  });
});

describe("event ids", () => {
  it("are UUID-shaped and the same for the same cause", () => {
    const id = deterministicEventId("user.connected", "u1", "2026-01-01T00:00:00.000Z");
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(deterministicEventId("user.connected", "u1", "2026-01-01T00:00:00.000Z")).toBe(id);
    expect(deterministicEventId("user.connected", "u2", "2026-01-01T00:00:00.000Z")).not.toBe(id);
  });
});
