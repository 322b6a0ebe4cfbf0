// GET /v1/marketplace/balance: the tenant's balance in the token's mode, per currency, now or at `at`.
import type { z } from "zod";
import type { TenantContext } from "../auth/authenticate.ts";
import { numberFromMinorUnits as major } from "../money/decimal.ts";
import { balanceAt, totalOf } from "./balance-at.ts";
import type { GetBalanceQuery } from "./schemas.ts";

export async function getBalance(context: TenantContext, query: z.output<typeof GetBalanceQuery>) {
  const balances = await balanceAt(
    { tenantId: context.tenant.id, mode: context.mode, currency: context.tenant.currency },
    query.at,
  );
  return {
    at: query.at?.toISOString() ?? null,
    balances: [...balances].map(([currency, b]) => ({
      currency,
      heldInEscrow: major(b.heldInEscrow),
      payableToPayees: major(b.payableToPayees),
      refundsPending: major(b.refundsPending),
      payableToCarriers: major(b.payableToCarriers),
      tenantRevenue: major(b.tenantRevenue),
      serviceFees: major(b.serviceFees),
      total: major(totalOf(b)),
    })),
  };
}
