// Tenant staff decide a disputed trade from the console (admins): release it all to the payee, or
// refund it all to the payer (a split is a settlement, settle-trade.ts). A compare-and-set on the
// state the admin saw, as every staff action is, so a trade that moved meanwhile is not decided
// blindly; the timeline entry names the staff member.
import { tenantNow } from "../clock.ts";
import type { Tenant } from "../db/generated/client.ts";
import { tradeLocks } from "./store/lock.ts";
import { refuseIfMovedSince } from "./transition.ts";
import { withLockedTrade } from "./with-locked-trade.ts";

export interface ResolveRequest {
  tenant: Tenant;
  tradeId: string;
  outcome: "release" | "refund";
  /** The state the staff member saw. */
  expectedState: string;
  /** Who did it, on the timeline entry. */
  by: Record<string, string>;
}

export function resolveDispute({ tenant, tradeId, outcome, expectedState, by }: ResolveRequest) {
  // Staff see both modes: the tenant's trade in either.
  return withLockedTrade(tradeLocks.ofTenant(tenant.id, tradeId), async (trade, tx) => {
    refuseIfMovedSince(trade, expectedState);
    const { trade: moved } = await tx.transition({
      trade,
      settings: tenant,
      action: outcome === "release" ? "resolveRelease" : "resolveRefund",
      actor: "staff",
      now: tenantNow(tenant, trade.mode),
      entryDetails: by,
    });
    return { state: moved.state };
  });
}
