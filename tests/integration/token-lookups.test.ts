// Token lookups before the tenant's share (security finding 3 of the second probe): a flood's
// authentications share their statements instead of taking a connection each, every request still
// gets its own token's tenant, and a revoked token is refused by every instance on its next request,
// also while that instance is flooded.
import { describe, expect, it, vi } from "vitest";
import { authenticate } from "../../lib/auth/authenticate.ts";
import { hashApiToken } from "../../lib/auth/api-tokens.ts";
import { revokeToken } from "../../lib/tenants/manage-tokens.ts";
import { poolActivity } from "../helpers/pool-activity.ts";
import { db, freshTenant } from "../helpers/tenants.ts";
import { waitFor } from "../helpers/webhook-receiver.ts";

const activity = poolActivity();
const request = (token: string) =>
  new Request("https://escrow.test/api/v1/marketplace/users/u", { headers: { authorization: `Bearer ${token}` } });
const unknownToken = (i: number) => `esk_test_${String(i).padStart(43, "0")}`;

/** The tenant id a call authenticated as, or the error code it was refused with. */
const outcome = (call: Promise<{ tenant: { id: string } }>) =>
  call.then(
    (context) => context.tenant.id,
    // By its code: another instance's AppError is another class.
    (error: unknown) => (error as { code?: string }).code ?? String(error),
  );

describe("token lookups", () => {
  it("answer a flood of 120 requests with a few statements, each request with its own token's tenant", async () => {
    const [a, b] = [await freshTenant(), await freshTenant()];
    // Each tenant's token has been used once, so its last use is recorded and not written again now.
    await authenticate(request(a.testApiKey));
    await authenticate(request(b.testApiKey));
    const hashes = [a.testApiKey, b.testApiKey].map(hashApiToken);
    await waitFor(
      async () => (await db.apiToken.count({ where: { tokenHash: { in: hashes }, lastUsedAt: { not: null } } })) === 2,
      10_000,
      "the tokens' use to be recorded",
    );

    let outcomes: string[] = [];
    const taken = await activity.during(async () => {
      outcomes = await Promise.all(
        Array.from({ length: 120 }, (_, i) =>
          outcome(authenticate(request(i % 40 === 0 ? b.testApiKey : i % 3 === 0 ? unknownToken(i) : a.testApiKey))),
        ),
      );
    });
    // One connection per request before: 120. Now the first lookups start at once and the rest
    // wait for the next statement, which reads every token they name.
    expect(taken).toBeLessThanOrEqual(4);
    outcomes.forEach((result, i) =>
      expect(result).toBe(i % 40 === 0 ? b.tenantId : i % 3 === 0 ? "unauthorized" : a.tenantId),
    );
  });

  it("refuse a revoked token on its next request on every instance, also one flooded meanwhile", async () => {
    const tenant = await freshTenant();
    const token = await db.apiToken.findUniqueOrThrow({ where: { tokenHash: hashApiToken(tenant.testApiKey) } });
    // A second instance of the service: its own copy of every module (and of any state they keep).
    vi.resetModules();
    const second = (await import("../../lib/auth/authenticate.ts")).authenticate;
    expect(second).not.toBe(authenticate);
    expect(await outcome(authenticate(request(tenant.testApiKey)))).toBe(tenant.tenantId);
    expect(await outcome(second(request(tenant.testApiKey)))).toBe(tenant.tenantId);

    // The second instance is flooded with the token while it is revoked through the first's database.
    let revokedAt = Infinity;
    const calls: { startedAt: number; result: string }[] = [];
    const flood = Array.from({ length: 20 }, async () => {
      // Until a moment after the revocation committed (and at most 2,000 calls each).
      for (let i = 0; i < 2_000 && performance.now() < revokedAt + 50; i++) {
        const startedAt = performance.now();
        calls.push({ startedAt, result: await outcome(second(request(tenant.testApiKey))) });
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await revokeToken(db, token.id, tenant.tenantId)).toBe(true);
    revokedAt = performance.now();
    await Promise.all(flood);

    const after = calls.filter((call) => call.startedAt > revokedAt);
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((call) => call.result !== "unauthorized")).toEqual([]);
    expect(await outcome(authenticate(request(tenant.testApiKey)))).toBe("unauthorized");
    expect(await outcome(second(request(tenant.testApiKey)))).toBe("unauthorized");
  });
});
