// What each party operation means in the table, by role and state. Accept / Reject item
// condition mean the payer's verdict on the delivered item (or on an item handed over in person,
// when delivery by hand was agreed), the payee's answer to a rejection (take back / dispute), and
// the payee's verdict on a returned item (decisions.md §8).
import { ApiError } from "../errors.ts";
import type { Trade } from "../db/generated/client.ts";
import type { PartyCall } from "./act-on-trade.ts";
import type { Role } from "./presentation/status.ts";

export const acceptInvitationCall = (): PartyCall => ({ action: "acceptInvitation" });
export const rejectInvitationCall = (): PartyCall => ({ action: "rejectInvitation" });
export const abandonCall = (): PartyCall => ({ action: "abandon" });

export function acceptConditionCall(role: Role, trade: Trade): PartyCall {
  if (role === "payer" && trade.state === "AwaitingShipment") {
    if (!trade.deliveryByHandAllowed) {
      throw new ApiError(
        "invalid-state",
        "The payer cannot accept the item condition: the trade is `AwaitingShipment` and delivery " +
          "by hand was not agreed (deliveryByHandAllowed); this is allowed only when the trade is " +
          "`Delivered`.",
      );
    }
    return { action: "acceptHandedOver" };
  }
  if (role === "payer") return { action: "acceptCondition" };
  return { action: trade.state === "ConditionRejected" ? "acceptRejection" : "acceptReturnCondition" };
}

export function rejectConditionCall(role: Role, trade: Trade, reason: string): PartyCall {
  const rejection = { description: reason, images: [] };
  if (role === "payer") return { action: "rejectCondition", details: { rejectedReason: rejection } };
  if (trade.state === "ConditionRejected") return { action: "disputeRejection" };
  return { action: "rejectReturnCondition", details: { returnRejectedReason: rejection } };
}
