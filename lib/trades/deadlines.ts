// Which deadline runs in each state, and what fires when it passes (decisions.md §3). Each is an
// ordinary transition by the scheduler.
import type { Action } from "./transition-table.ts";
import type { TradeState } from "./states.ts";

export interface DeadlineSettings {
  unpaidExpirySeconds: number;
  shipmentDeadlineSeconds: number;
  acceptanceDeadlineSeconds: number;
  returnShipmentDeadlineSeconds: number;
  returnAcceptanceDeadlineSeconds: number;
}

const DEADLINES: Partial<Record<TradeState, { action: Action; seconds: keyof DeadlineSettings | "immediately" }>> = {
  Created: { action: "expireUnpaid", seconds: "unpaidExpirySeconds" },
  InvitationAccepted: { action: "expireUnpaid", seconds: "unpaidExpirySeconds" },
  AwaitingShipment: { action: "shipmentDeadlinePassed", seconds: "shipmentDeadlineSeconds" },
  LabelCreated: { action: "shipmentDeadlinePassed", seconds: "shipmentDeadlineSeconds" },
  Delivered: { action: "autoAcceptCondition", seconds: "acceptanceDeadlineSeconds" },
  ConditionRejected: { action: "autoAcceptRejection", seconds: "acceptanceDeadlineSeconds" },
  ReturnAwaitingShipment: { action: "returnDeadlinePassed", seconds: "returnShipmentDeadlineSeconds" },
  ReturnLabelCreated: { action: "returnDeadlinePassed", seconds: "returnShipmentDeadlineSeconds" },
  ReturnDelivered: { action: "autoAcceptReturnCondition", seconds: "returnAcceptanceDeadlineSeconds" },
  // Settled: the payout leaves right away (or once the payee has a payout account).
  Succeeded: { action: "payoutCompleted", seconds: "immediately" },
};

/**
 * The deadline of `state` entered at `enteredAt`. Waiting states keep the clock of the phase
 * they continue (LabelCreated keeps AwaitingShipment's shipment deadline), so the caller passes
 * the time the deadline started (`startedAt`).
 */
export function deadlineFor(
  state: TradeState,
  settings: DeadlineSettings,
  startedAt: Date,
): { at: Date; action: Action } | null {
  const deadline = DEADLINES[state];
  if (!deadline) return null;
  const seconds = deadline.seconds === "immediately" ? 0 : settings[deadline.seconds];
  return { at: new Date(startedAt.getTime() + seconds * 1000), action: deadline.action };
}

/** Whether entering `to` from `from` keeps the running deadline (same clock, next step). */
export function keepsDeadline(from: TradeState, to: TradeState): boolean {
  const a = DEADLINES[from];
  const b = DEADLINES[to];
  return !!a && !!b && a.action === b.action && a.seconds === b.seconds;
}
