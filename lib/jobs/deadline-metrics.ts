// The scheduler's gauge on the operators' /metrics page: trade deadlines due for more than a
// minute and not yet fired. The scheduler fires every few seconds, so a number above zero means it
// is not keeping up (or not running). Live trades wait by design while live mode is closed, so
// they count only while it is open — which is why this gauge lives here, beside the deadlines, and
// not in lib/ops: lib/ops is below the use cases and cannot ask lib/outside-parties.ts. The
// processes that serve /metrics (scripts/serve.ts, scripts/worker.ts) add it at their start.
import client from "prom-client";
import { cachedReading, metrics, scrapeQuery } from "../ops/metrics.ts";
import { isLiveModeOpen } from "../outside-parties.ts";

const NAME = "escrow_deadlines_overdue";

const overdue = cachedReading(() =>
  scrapeQuery<{ overdue: string }>(
    // Per tenant and mode, each on its own clock, as the scheduler reads them (fire-deadlines.ts).
    `SELECT coalesce(sum(o.n), 0) AS overdue
     FROM "Tenant" n CROSS JOIN unnest($1::"ApiMode"[]) m("mode")
     CROSS JOIN LATERAL (
       SELECT count(*) AS n FROM "Trade" t
       WHERE t."tenantId" = n."id" AND t."mode" = m."mode"
         AND t."deadlineAt" < CASE WHEN m."mode" = 'test' THEN now() + n."sandboxClockOffsetSeconds" * interval '1 second'
                              ELSE now() END - interval '1 minute') o`,
    [isLiveModeOpen() ? ["test", "live"] : ["test"]],
  ),
);

/** Adds the gauge to this process's registry; a second call changes nothing. */
export function addDeadlineMetrics(): void {
  const { registry } = metrics();
  if (registry.getSingleMetric(NAME)) return;
  new client.Gauge({
    name: NAME,
    help: "Trade deadlines due for more than a minute and not yet fired.",
    registers: [registry],
    async collect() {
      this.set(Number((await overdue()).overdue));
    },
  });
}
