// An admin changes the tenant's currency, only while it has no trades: every amount already
// recorded (trades, payments, ledger) is in the old one. The tenant row is locked so the check
// and the change are one step among concurrent settings changes.
import type { z } from "zod";
import { lockTenant } from "../../tenants/lock-tenant.ts";
import { AppError } from "../../errors.ts";
import { db } from "../../db/client.ts";
import { assertAdmin, type StaffContext } from "../auth/staff-session.ts";
import type { CurrencyBody } from "./settings-rules.ts";

export async function updateCurrency(context: StaffContext, body: z.output<typeof CurrencyBody>) {
  assertAdmin(context);
  return db.$transaction(async (tx) => {
    await lockTenant(tx, context.tenant.id);
    if (await tx.trade.findFirst({ where: { tenantId: context.tenant.id }, select: { id: true } })) {
      throw new AppError("conflict", "The currency cannot change once trades exist.", {
        errors: [{ key: "currency", value: "Trades exist in the current currency, so it can no longer change." }],
      });
    }
    await tx.tenant.update({ where: { id: context.tenant.id }, data: { currency: body.currency } });
    return { currency: body.currency };
  });
}
