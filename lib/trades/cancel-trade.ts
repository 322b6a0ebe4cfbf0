// The tenant cancels a trade: the API's Cancel ongoing trade and console staff's cancel are this one
// use case. A compare-and-set on the state the caller believes the trade is in (decisions.md §3),
// so a trade that moved meanwhile is not cancelled blindly; a paid trade is refunded (the table's
// `cancel` rule). The API reaches its own mode's trades only; the console reaches either mode.
import { AppError } from "../errors.ts";
import { tenantNow } from "../clock.ts";
import type { Prisma, Tenant } from "../db/generated/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import { tradeLocks } from "./store/lock.ts";
import { withLockedTrade } from "./with-locked-trade.ts";

export interface CancelRequest {
  tenant: Tenant;
  /** The API token's mode; the console leaves it out (staff see both modes). */
  mode?: ApiMode;
  tradeId: string;
  expectedState: string;
  /** Who did it, on the timeline entry (console staff). */
  by?: Prisma.InputJsonValue;
}

export async function cancelTrade({
  tenant,
  mode,
  tradeId,
  expectedState,
  by,
}: CancelRequest): Promise<{ state: string }> {
  // The trade locked and read in one statement, then the transition's statement and the refund's transfer.
  return withLockedTrade(tradeLocks.ofTenant(tenant.id, tradeId, mode), async (trade, tx) => {
    if (trade.state !== expectedState) {
      throw new AppError(
        "invalid-state",
        `The trade is \`${trade.state}\`, not \`${expectedState}\`: read it again before cancelling.`,
      );
    }
    const { trade: cancelled } = await tx.transition({
      trade,
      settings: tenant,
      action: "cancel",
      actor: "tenant",
      now: tenantNow(tenant, trade.mode),
      entryDetails: by,
    });
    return { state: cancelled.state };
  });
}
