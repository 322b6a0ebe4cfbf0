// An admin changes the business id whitelist: the company registration numbers the API accepts
// for business users (lib/business-users/business-user-record.ts). An id still used by a
// business user stays: removing it would strand that user (delete the business user first).
import type { z } from "zod";
import { AppError } from "../../errors.ts";
import { db } from "../../db/client.ts";
import { assertAdmin, type StaffContext } from "../auth/staff-session.ts";
import type { BusinessIdsBody } from "./settings-rules.ts";

export async function updateBusinessIds(context: StaffContext, body: z.output<typeof BusinessIdsBody>) {
  assertAdmin(context);
  const wanted = [...new Set(body.allowedBusinessIds)];
  return db.$transaction(async (tx) => {
    const tenant = (
      await tx.$queryRaw<
        { allowedBusinessIds: string[] }[]
      >`SELECT "allowedBusinessIds" FROM "Tenant" WHERE "id" = ${context.tenant.id} FOR UPDATE`
    )[0]!;
    const removed = tenant.allowedBusinessIds.filter((id) => !wanted.includes(id));
    if (removed.length) {
      const inUse = await tx.businessUser.findMany({
        where: { tenantId: context.tenant.id, businessId: { in: removed } },
        select: { businessId: true },
        distinct: ["businessId"],
      });
      if (inUse.length) {
        const ids = inUse.map((u) => u.businessId);
        throw new AppError(
          "conflict",
          `Business users still use ${ids.join(", ")}: delete them before removing the id.`,
          {
            errors: ids.map((id) => ({
              key: `allowedBusinessIds.${id}`,
              value: "Business users still use this id: delete them first.",
            })),
          },
        );
      }
    }
    await tx.tenant.update({ where: { id: context.tenant.id }, data: { allowedBusinessIds: wanted } });
    return { allowedBusinessIds: wanted };
  });
}
