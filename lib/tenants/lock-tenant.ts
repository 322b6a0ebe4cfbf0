// A tenant's row locked for the rest of a Prisma transaction: what a console change checks across
// the tenant (no trade yet for a currency change, an active admin left) runs one at a time.
import type { Prisma } from "../db/generated/client.ts";

export async function lockTenant(tx: Prisma.TransactionClient, tenantId: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM "Tenant" WHERE "id" = ${tenantId} FOR UPDATE`;
}
