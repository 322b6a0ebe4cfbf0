// GET /v1/marketplace/business-users/{businessId}/{businessLocationId}
import type { TenantContext } from "../auth/authenticate.ts";
import { db } from "../db/client.ts";
import { businessUserNotFound, requireWhitelisted, serializeBusinessUser } from "./business-user-record.ts";

export async function getBusinessUser(context: TenantContext, businessId: string, businessLocationId: string) {
  requireWhitelisted(context, businessId);
  const row = await db.businessUser.findUnique({
    where: {
      tenantId_mode_businessId_businessLocationId: {
        tenantId: context.tenant.id,
        mode: context.mode,
        businessId,
        businessLocationId,
      },
    },
  });
  if (!row) throw businessUserNotFound(businessId, businessLocationId);
  return serializeBusinessUser(row);
}
