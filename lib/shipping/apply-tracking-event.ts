// A carrier's tracking event on a label moves the trade (sent, pickup_ready, delivered, lost,
// returned to sender), on the delivery or the return leg.
import { ApiError } from "../errors.ts";
import { db } from "../db/client.ts";
import type { Tenant } from "../db/generated/client.ts";
import type { ApiMode, ShipmentStatus } from "../db/generated/enums.ts";
import { applyTransition } from "../trades/apply-transition.ts";
import { holdTradeRow } from "../trades/lock-trade.ts";
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
  return db.$transaction(async (tx) => {
    const label = await tx.shipmentLabel.findFirst({ where: { id: labelId, tenantId: tenant.id, mode } });
    if (!label) throw ApiError.notFound(`Label ${JSON.stringify(labelId)}`);
    if (label.status === "Pending")
      throw new ApiError("invalid-state", "The label has not been issued yet: its payment is still pending.");
    await holdTradeRow(tx, label.tradeId);
    const trade = await tx.trade.findUniqueOrThrow({ where: { id: label.tradeId } });
    const { trade: moved } = await applyTransition(tx, trade, tenant, ACTIONS[label.leg][event], "carrier", now);
    await tx.shipmentLabel.update({ where: { id: label.id }, data: { status: STATUS[event] } });
    await tx.shipmentTrackingEvent.create({ data: { labelId: label.id, event, occurredAt: now } });
    return { labelId: label.id, event, tradeId: trade.id, state: moved.state };
  });
}
