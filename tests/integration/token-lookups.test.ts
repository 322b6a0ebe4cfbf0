// API token lookups (lib/auth/token-lookups.ts) in both of their statements: a batch of one token
// (`tokenHash = $1`, the usual case, planned once per connection) and a batch of several waiting
// tokens (`= ANY(…)`). Each asker gets its own token's row, whichever statement read it.
import { afterEach, expect, it } from "vitest";
import { hashApiToken } from "../../lib/auth/api-tokens.ts";
import { lookUpToken, tokenLookupStatements } from "../../lib/auth/token-lookups.ts";
import { freshTenant } from "../helpers/tenants.ts";

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
  expect(alone).toMatchObject({ id: first.tenantId, tokenMode: "test", tokenRevokedAt: null });
  expect(test).toMatchObject({ id: second.tenantId, tokenMode: "test" });
  expect(live).toMatchObject({ id: second.tenantId, tokenMode: "live" });
  expect(unknown).toBeUndefined();
  // The same token asked twice at once is one entry of the batch, answered to both.
  const [a, b] = await Promise.all([
    lookUpToken(hashApiToken(first.liveApiKey)),
    lookUpToken(hashApiToken(first.liveApiKey)),
  ]);
  expect(a).toEqual(b);
  expect(a).toMatchObject({ id: first.tenantId, tokenMode: "live" });
});
