// POST /v1/marketplace/business-users
import type { z } from "zod";
import { AppError } from "../errors.ts";
import type { TenantContext } from "../auth/authenticate.ts";
import { db } from "../db/client.ts";
import { addressColumns, requireWhitelisted, serializeBusinessUser } from "./business-user-record.ts";
import type { CreateBusinessUserBody } from "./schemas.ts";

export async function createBusinessUser(context: TenantContext, body: z.output<typeof CreateBusinessUserBody>) {
  requireWhitelisted(context, body.businessId);
  const scope = { tenantId: context.tenant.id, mode: context.mode };
  // ON CONFLICT DO NOTHING: the unique key decides between concurrent creations.
  const { count } = await db.businessUser.createMany({
    data: [
      {
        ...scope,
        businessId: body.businessId,
        businessLocationId: body.businessLocationId,
        name: body.name,
        phoneNumber: body.phoneNumber,
        payoutsAccountNumber: body.payoutsAccountNumber,
        ...addressColumns(body.address),
      },
    ],
    skipDuplicates: true,
  });
  if (count !== 1) {
    throw new AppError(
      "conflict",
      `A business user ${body.businessId} / ${body.businessLocationId} already exists; edit it with PUT.`,
    );
  }
  const row = await db.businessUser.findUniqueOrThrow({
    where: {
      tenantId_mode_businessId_businessLocationId: {
        ...scope,
        businessId: body.businessId,
        businessLocationId: body.businessLocationId,
      },
    },
  });
  return { ...serializeBusinessUser(row), userId: row.userId };
}
