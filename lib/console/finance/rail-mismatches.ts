// Finance's view of the payment rail's reconciliation (lib/payments/reconcile-rail.ts): the newest
// run of each rail that serves the mode, and the mismatches that involve this tenant's records,
// newest first. A mismatch with no record of ours (money the rail moved that nobody here knows of)
// belongs to no tenant: the operators see it through the metric and its alert (docs/payments.md).
import { db } from "../../db/client.ts";
import type { ApiMode } from "../../db/generated/enums.ts";

const LIMIT = 50;

export async function railMismatches(scope: { tenantId: string; mode: ApiMode }) {
  const [latest, mismatches, count] = await Promise.all([
    db.railReconciliation.findFirst({
      orderBy: { finishedAt: "desc" },
      select: { provider: true, periodStart: true, periodEnd: true, finishedAt: true, matched: true },
    }),
    db.railMismatch.findMany({
      where: scope,
      orderBy: { createdAt: "desc" },
      take: LIMIT,
      include: { reconciliation: { select: { provider: true, periodStart: true } } },
    }),
    db.railMismatch.count({ where: scope }),
  ]);
  return { latest, mismatches, count };
}
