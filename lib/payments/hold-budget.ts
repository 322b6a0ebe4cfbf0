// The hold budget (decisions.md §11): a rail holds a payer's money on our behalf for a limited time
// (Stripe in Denmark: 90 days from the charge to the transfer, with manual payouts), so a tenant's
// deadlines may not make a trade outlast it. The longest a trade can run from payment to its end
// (payout or refund) under the deadlines is the rejection path: shipped at the last moment, in
// transit, delivered, rejected at the last moment, the rejection answered at the last moment,
// returned at the last moment, in transit, the return accepted at the last moment. Transit has no
// deadline of ours (the carrier reports delivered, lost or returned); it is allowed for per leg.
// A dispute (staff decide) has no deadline either: it is not counted here.
import type { DeadlineSettings } from "../trades/deadlines.ts";
import { configuredRails } from "../outside-parties.ts";

const DAY = 24 * 3600;
/** What a parcel's journey is allowed per leg in this estimate: a domestic parcel takes 1–3 days, a lost one is declared within about a week. */
export const TRANSIT_ALLOWANCE_DAYS = 10;

export function longestHoldSeconds(settings: DeadlineSettings): number {
  const transit = TRANSIT_ALLOWANCE_DAYS * DAY;
  return (
    settings.shipmentDeadlineSeconds +
    transit +
    settings.acceptanceDeadlineSeconds + // the payer rejects at the last moment
    settings.acceptanceDeadlineSeconds + // the payee answers the rejection at the last moment
    settings.returnShipmentDeadlineSeconds +
    transit +
    settings.returnAcceptanceDeadlineSeconds
  );
}

/** The strictest hold budget among the configured rails, in days. */
export function holdBudgetDays(): number {
  return Math.min(...configuredRails().map((rail) => rail.holdBudgetDays));
}

/** Why `settings` would let a trade outlast the rail's hold budget, or null when they fit. */
export function holdBudgetProblem(settings: DeadlineSettings): string | null {
  const longest = longestHoldSeconds(settings);
  const budget = holdBudgetDays() * DAY;
  if (longest <= budget) return null;
  const days = (seconds: number) => Math.ceil(seconds / DAY);
  return (
    `With these deadlines a trade can run ${days(longest)} days from payment to its end (its longest path: ` +
    `shipment, ${TRANSIT_ALLOWANCE_DAYS} days in transit, acceptance twice, the return shipment, ${TRANSIT_ALLOWANCE_DAYS} ` +
    `days in transit, the return's acceptance), but the payment rail holds a payer's money for at most ` +
    `${days(budget)} days. Shorten them by ${days(longest - budget)} days in all.`
  );
}
