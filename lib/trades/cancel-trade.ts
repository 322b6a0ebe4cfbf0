// POST /v1/marketplace/trades/{t}/cancel: the tenant cancels, as a compare-and-set on the state
// it believes the trade is in (decisions.md §3); a paid trade is refunded.
import { ApiError } from "../errors.ts";
import type { TenantContext } from "../auth/authenticate.ts";
import { db } from "../db/client.ts";
import { applyTransition } from "./apply-transition.ts";

export async function cancelTrade(context: TenantContext & { now: Date }, tradeId: string, expectedState: string): Promise<{ state: string }> {
  return db.$transaction(async (tx) => {
    const trade = await tx.trade.findFirst({ where: { id: tradeId, tenantId: context.tenant.id, mode: context.mode } });
    if (!trade) throw ApiError.notFound(`Trade ${JSON.stringify(tradeId)}`);
    if (trade.state !== expectedState) {
      throw new ApiError("invalid-state", `The trade is \`${trade.state}\`, not \`${expectedState}\`: read it again before cancelling.`);
    }
    const { trade: cancelled } = await applyTransition(tx, trade, context.tenant, "cancel", "tenant", context.now);
    return { state: cancelled.state };
  });
}
