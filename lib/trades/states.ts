// Trade states (decisions.md §3) and the phase each belongs to.
import type { TradeState } from "../db/generated/enums.ts";

export type { TradeState };

export const PHASE_OF: Record<TradeState, "contract" | "delivery" | "return" | "finished"> = {
  Created: "contract",
  InvitationAccepted: "contract",
  AwaitingShipment: "delivery",
  LabelCreated: "delivery",
  Sent: "delivery",
  PickupReady: "delivery",
  Delivered: "delivery",
  ConditionRejected: "delivery",
  ReturnAwaitingShipment: "return",
  ReturnLabelCreated: "return",
  ReturnSent: "return",
  ReturnPickupReady: "return",
  ReturnDelivered: "return",
  Disputed: "return",
  Succeeded: "finished",
  Released: "finished",
  Cancelled: "finished",
  Returned: "finished",
};

export const TRADE_STATES = Object.keys(PHASE_OF) as TradeState[];

/** States in which the payer's money is held in escrow. In Succeeded it is already settled: the
 *  payee's payout and the fees have been split off, waiting for the payout to leave. */
export const FUNDED_STATES: ReadonlySet<TradeState> = new Set(
  TRADE_STATES.filter(
    (s) => !["Created", "InvitationAccepted", "Succeeded", "Released", "Cancelled", "Returned"].includes(s),
  ),
);

/** No transition leaves these. */
export const TERMINAL_STATES: ReadonlySet<TradeState> = new Set<TradeState>(["Released", "Cancelled", "Returned"]);
