// DELETE /v1/marketplace/business-users/{businessId}/{businessLocationId}
import type { TenantContext } from "../auth/authenticate.ts";
import { db } from "../db/client.ts";
import { businessUserNotFound, requireWhitelisted } from "./business-user-record.ts";

export async function deleteBusinessUser(
  context: TenantContext,
  businessId: string,
  businessLocationId: string,
): Promise<undefined> {
  requireWhitelisted(context, businessId);
  const { count } = await db.businessUser.deleteMany({
    where: { tenantId: context.tenant.id, mode: context.mode, businessId, businessLocationId },
  });
  if (count !== 1) throw businessUserNotFound(businessId, businessLocationId);
  return undefined;
}
