// The daily reconciliation of each configured payment rail, run by the worker's rail round: the UTC
// day before, once, two hours after it ended (so that the rail's late movements and our late
// records are in). An operator may run a period again (`reconcileRail` replaces its findings).
import { db } from "../db/client.ts";
import { configuredRails } from "../outside-parties.ts";
import { reconcileRail } from "./reconcile-rail.ts";

const DAY_MS = 86_400_000;
const SETTLE_MS = 2 * 60 * 60_000;

export async function reconcileDueDays(now: Date): Promise<number> {
  const to = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const from = new Date(to.getTime() - DAY_MS);
  if (now.getTime() < to.getTime() + SETTLE_MS) return 0;
  let ran = 0;
  for (const rail of configuredRails()) {
    const done = await db.railReconciliation.findUnique({
      where: { provider_periodStart_periodEnd: { provider: rail.name, periodStart: from, periodEnd: to } },
      select: { id: true },
    });
    if (done) continue;
    const { matched, mismatches } = await reconcileRail(rail, { from, to });
    console.log(`Reconciled ${rail.name} for ${from.toISOString().slice(0, 10)}`, {
      matched,
      mismatches: mismatches.length,
    });
    ran++;
  }
  return ran;
}
