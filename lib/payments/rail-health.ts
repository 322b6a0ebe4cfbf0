// Whether this process could reach each payment rail the last time it tried, for the operators'
// /metrics page (escrow_payment_rail_reachable) and its alert. It is not part of /readyz on
// purpose: a rail that is down must not take every instance out of the load balancer, since
// everything but paying keeps working (docs/operations.md). The gauge lives here, beside the rails,
// because lib/ops is below them (as lib/jobs/deadline-metrics.ts does for the deadlines).
import client from "prom-client";
import { metrics } from "../ops/metrics.ts";

const NAME = "escrow_payment_rail_reachable";
const lastReach = new Map<string, boolean>();

/** Called by a rail's adapter after each call: answered (true), or out of reach (false). */
export function recordRailReach(provider: string, reachable: boolean): void {
  lastReach.set(provider, reachable);
}

/** Adds the gauge to this process's registry; a second call changes nothing. */
export function addRailMetrics(): void {
  const { registry } = metrics();
  if (registry.getSingleMetric(NAME)) return;
  new client.Gauge({
    name: NAME,
    help: "1 if this process's last call to the payment rail was answered, 0 if the rail could not be reached.",
    labelNames: ["provider"],
    registers: [registry],
    collect() {
      for (const [provider, reachable] of lastReach) this.set({ provider }, reachable ? 1 : 0);
    },
  });
}
