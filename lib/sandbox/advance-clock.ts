// POST /v1/sandbox/clock/advance: moves the tenant's sandbox clock forward and fires the deadlines
// that fall due on the way (decisions.md §6). Live time is never affected.
import { tenantNow } from "../clock.ts";
import type { TenantContext } from "../auth/authenticate.ts";
import { db } from "../db/client.ts";
import { fireDueDeadlines } from "../jobs/fire-deadlines.ts";

export async function advanceSandboxClock(context: TenantContext, seconds: number) {
  // An atomic increment: two advances at once add up instead of one overwriting the other.
  const tenant = await db.tenant.update({
    where: { id: context.tenant.id },
    data: { sandboxClockOffsetSeconds: { increment: BigInt(seconds) } },
  });
  // Waits for a trade the scheduler holds: when this answers, what fell due is done (the README's promise).
  const fired = await fireDueDeadlines({ tenantId: tenant.id, mode: "test" }, { waitForHeldTrades: true });
  return {
    now: tenantNow(tenant, "test").toISOString(),
    offsetSeconds: Number(tenant.sandboxClockOffsetSeconds),
    fired,
  };
}
