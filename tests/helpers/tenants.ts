// A fresh tenant per test, made the way operators make them (lib/tenants/create-tenant.ts).
import { randomUUID } from "node:crypto";
import { db } from "../../lib/db/client.ts";
import { createTenant, type CreateTenantInput } from "../../lib/tenants/create-tenant.ts";

export async function freshTenant(input: Partial<CreateTenantInput> = {}) {
  return createTenant(db, { name: `Test tenant ${randomUUID().slice(0, 8)}`, ...input });
}

export { db };
