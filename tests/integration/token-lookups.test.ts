// API token lookups (lib/auth/token-lookups.ts) in both of their statements: a batch of one token
// (`tokenHash = $1`, the usual case, planned once per connection) and a batch of several waiting
// tokens (`= ANY(…)`). Each asker gets its own token's row, whichever statement read it, and its
// tenant's row as it is when the statement runs (lib/auth/tenant-versions.ts).
import { afterEach, expect, it } from "vitest";
import { hashApiToken } from "../../lib/auth/api-tokens.ts";
import { lookUpToken, tokenLookupStatements } from "../../lib/auth/token-lookups.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

afterEach(() => {
  delete process.env.AUTH_LOOKUPS_IN_FLIGHT;
});

it("answers a lone token, a batch of several, and an unknown one, each with its own row", async () => {
  const [first, second] = [await freshTenant(), await freshTenant()];
  // One statement at a time: the first lookup goes alone, the three asked meanwhile go together.
  process.env.AUTH_LOOKUPS_IN_FLIGHT = "1";
  const before = tokenLookupStatements();
  const [alone, test, live, unknown] = await Promise.all([
    lookUpToken(hashApiToken(first.testApiKey)),
    lookUpToken(hashApiToken(second.testApiKey)),
    lookUpToken(hashApiToken(second.liveApiKey)),
    lookUpToken(hashApiToken("esk_test_nobody")),
  ]);
  expect(tokenLookupStatements() - before).toBe(2);
  expect(alone).toMatchObject({ tenant: { id: first.tenantId }, tokenMode: "test", tokenRevokedAt: null });
  expect(test).toMatchObject({ tenant: { id: second.tenantId }, tokenMode: "test" });
  expect(live).toMatchObject({ tenant: { id: second.tenantId }, tokenMode: "live" });
  expect(unknown).toBeUndefined();
  // The same token asked twice at once is one entry of the batch, answered to both.
  const [a, b] = await Promise.all([
    lookUpToken(hashApiToken(first.liveApiKey)),
    lookUpToken(hashApiToken(first.liveApiKey)),
  ]);
  expect(a).toEqual(b);
  expect(a).toMatchObject({ tenant: { id: first.tenantId }, tokenMode: "live" });
});

it("gives the tenant's row as it is now: a change of its settings or its clock is seen by the next lookup", async () => {
  const { tenantId, testApiKey, liveApiKey } = await freshTenant({ rateLimitPerMinute: 600 });
  const before = (await lookUpToken(hashApiToken(testApiKey)))!.tenant;
  expect(before).toMatchObject({ id: tenantId, rateLimitPerMinute: 600, sandboxClockOffsetSeconds: 0n });
  // Unchanged, the row is the one read before (kept by its version), also through another token.
  expect((await lookUpToken(hashApiToken(liveApiKey)))!.tenant).toBe(before);

  await db.tenant.update({ where: { id: tenantId }, data: { rateLimitPerMinute: 5 } });
  const limited = (await lookUpToken(hashApiToken(testApiKey)))!.tenant;
  expect(limited).toMatchObject({ rateLimitPerMinute: 5, sandboxClockOffsetSeconds: 0n });
  await db.tenant.update({ where: { id: tenantId }, data: { sandboxClockOffsetSeconds: { increment: 3_600 } } });
  expect((await lookUpToken(hashApiToken(liveApiKey)))!.tenant).toMatchObject({
    rateLimitPerMinute: 5,
    sandboxClockOffsetSeconds: 3_600n,
  });
  // A revoked token is refused at once, whatever was kept of its tenant.
  await db.apiToken.updateMany({ where: { tenantId, mode: "test" }, data: { revokedAt: new Date() } });
  expect((await lookUpToken(hashApiToken(testApiKey)))!.tokenRevokedAt).toBeInstanceOf(Date);
});

it("shares the kept row between calls, frozen, so that no call can change the next one's tenant", async () => {
  const { testApiKey } = await freshTenant();
  const { tenant } = (await lookUpToken(hashApiToken(testApiKey)))!;
  expect(Object.isFrozen(tenant)).toBe(true);
  expect(() => {
    (tenant as { rateLimitPerMinute: number }).rateLimitPerMinute = 1;
  }).toThrow(TypeError);
  expect(() => (tenant.allowedRedirectOrigins as string[]).push("https://evil.example")).toThrow(TypeError);
  expect((await lookUpToken(hashApiToken(testApiKey)))!.tenant).toMatchObject({ allowedRedirectOrigins: [] });
});
