// Trade states as staff read them in the console. The state ids (docs/states.md) stay what the
// API and the webhooks carry; the console shows these words and keeps the id in a tooltip.
import type { TradeState } from "../states.ts";

export const STATE_LABELS: Record<TradeState, string> = {
  Created: "Created",
  InvitationAccepted: "Invitation accepted",
  AwaitingShipment: "Awaiting shipment",
  LabelCreated: "Label created",
  Sent: "Sent",
  PickupReady: "Ready for pickup",
  Delivered: "Delivered",
  ConditionRejected: "Item rejected",
  ReturnAwaitingShipment: "Return: awaiting shipment",
  ReturnLabelCreated: "Return: label created",
  ReturnSent: "Return: sent",
  ReturnPickupReady: "Return: ready for pickup",
  ReturnDelivered: "Return: delivered",
  Disputed: "Disputed",
  Succeeded: "Succeeded",
  Released: "Released",
  Cancelled: "Cancelled",
  Returned: "Returned",
};

/** The label of a state id, or the id itself for one this code does not know. */
export const stateLabel = (state: string): string => STATE_LABELS[state as TradeState] ?? state;
