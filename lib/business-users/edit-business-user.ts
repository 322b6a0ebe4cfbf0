// PUT /v1/marketplace/business-users/{businessId}/{businessLocationId}
import type { z } from "zod";
import type { TenantContext } from "../auth/authenticate.ts";
import { db } from "../db/client.ts";
import {
  addressColumns,
  businessUserNotFound,
  requireWhitelisted,
  serializeBusinessUser,
} from "./business-user-record.ts";
import type { EditBusinessUserBody } from "./schemas.ts";
import { armPayoutsFailedToBusinessUser } from "../trades/store/payout-rows.ts";

/** The console may leave `payoutsAccountNumber` out to keep the account on file (its staff never see it whole); the API always sends it. */
export async function editBusinessUser(
  context: TenantContext,
  businessId: string,
  businessLocationId: string,
  body: Omit<z.output<typeof EditBusinessUserBody>, "payoutsAccountNumber"> & { payoutsAccountNumber?: string },
) {
  requireWhitelisted(context, businessId);
  const key = { tenantId: context.tenant.id, mode: context.mode, businessId, businessLocationId };
  const { count } = await db.businessUser.updateMany({
    where: key,
    data: {
      name: body.name,
      phoneNumber: body.phoneNumber,
      payoutsAccountNumber: body.payoutsAccountNumber,
      ...addressColumns(body.address),
    },
  });
  if (count !== 1) throw businessUserNotFound(businessId, businessLocationId);
  const updated = await db.businessUser.findUniqueOrThrow({
    where: { tenantId_mode_businessId_businessLocationId: key },
  });
  // A payout the bank refused to the old account is tried again, to the new one, on the
  // scheduler's next round (lib/payouts/pay-out-trade.ts).
  if (body.payoutsAccountNumber !== undefined) {
    await armPayoutsFailedToBusinessUser(db, { tenantId: key.tenantId, mode: key.mode }, updated.id);
  }
  return serializeBusinessUser(updated);
}
