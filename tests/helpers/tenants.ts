// A fresh tenant per test, made the way operators make them (lib/tenants/create-tenant.ts).
import { randomUUID } from "node:crypto";
import { db } from "../../lib/db/client.ts";
import { createTenant, type CreateTenantInput } from "../../lib/tenants/create-tenant.ts";

// Tests are not throttled unless they ask to be: the fuzz runs send thousands of requests through
// one token, well past the default 1,200 a minute (tests/integration/rate-limits.test.ts sets its own).
const UNTHROTTLED = 10_000_000;

export async function freshTenant(input: Partial<CreateTenantInput> = {}) {
  return createTenant(db, {
    name: `Test tenant ${randomUUID().slice(0, 8)}`,
    rateLimitPerMinute: UNTHROTTLED,
    ...input,
  });
}

export { db };
