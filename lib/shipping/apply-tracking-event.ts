// A carrier's tracking event on a label moves the trade (sent, pickup_ready, delivered, lost,
// returned to sender), on the delivery or the return leg.
import { AppError } from "../errors.ts";
import type { Tenant } from "../db/generated/client.ts";
import type { ApiMode, ShipmentStatus } from "../db/generated/enums.ts";
import { recordTrackingEvent } from "../trades/store/label-rows.ts";
import { tradeLocks } from "../trades/store/lock.ts";
import { withLockedTrade } from "../trades/with-locked-trade.ts";
import type { Action } from "../trades/transition-table.ts";
import type { TrackingEvent } from "./carrier.ts";

const ACTIONS: Record<"Delivery" | "Return", Record<TrackingEvent, Action>> = {
  Delivery: {
    sent: "shipmentSent",
    pickup_ready: "shipmentPickupReady",
    delivered: "shipmentDelivered",
    lost: "shipmentLost",
    returned: "shipmentReturned",
  },
  Return: {
    sent: "returnShipmentSent",
    pickup_ready: "returnShipmentPickupReady",
    delivered: "returnShipmentDelivered",
    lost: "returnShipmentLost",
    returned: "returnShipmentReturned",
  },
};

const STATUS: Record<TrackingEvent, ShipmentStatus> = {
  sent: "Sent",
  pickup_ready: "PickupReady",
  delivered: "Delivered",
  lost: "Lost",
  returned: "Returned",
};

export async function applyTrackingEvent(
  tenant: Tenant,
  mode: ApiMode,
  labelId: string,
  event: TrackingEvent,
  now: Date,
) {
  // The trade's lock and read with its label, the transition's statement, the label's new status
  // with its tracking event (three statements in one transaction, the last sent with the COMMIT).
  return withLockedTrade(tradeLocks.ofLabel({ tenantId: tenant.id, mode }, labelId), async (found, tx) => {
    if (!found) throw AppError.notFound(`Label ${JSON.stringify(labelId)}`);
    const { trade, label } = found;
    if (label.status === "Pending")
      throw new AppError("invalid-state", "The label has not been issued yet: its payment is still pending.");
    const action = ACTIONS[label.leg][event];
    const { trade: moved } = await tx.transition({ trade, settings: tenant, action, actor: "carrier", now });
    // Not awaited: nothing reads its answer, so it goes out with the COMMIT (lib/db/sql.ts Sql).
    void recordTrackingEvent(tx.q, label.id, STATUS[event], event, now);
    return { labelId: label.id, event, tradeId: trade.id, state: moved.state };
  });
}
