// POST …/trades/{t}/condition/accept. What accepting means depends on who asks and when
// (docs/contract/decisions.md §8): the payer's verdict on the delivered item, or on an item handed over in
// person when delivery by hand was agreed; the payee's answer to a rejection (take the item back);
// the payee's verdict on a returned item.
import { AppError } from "../errors.ts";
import type { Trade } from "../db/generated/client.ts";
import { actOnTrade, type Context, type PartyCall } from "./act-on-trade.ts";
import type { Role } from "./transition-table.ts";

export function acceptConditionCall(role: Role, trade: Trade): PartyCall {
  if (role === "payer" && trade.state === "AwaitingShipment") {
    if (!trade.deliveryByHandAllowed) {
      throw new AppError(
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

export function acceptCondition(context: Context, marketplaceUserId: string, tradeId: string) {
  // Accepting settles the trade (or refunds the payer): its balances are read with the lock.
  return actOnTrade(context, marketplaceUserId, tradeId, acceptConditionCall, { readsBalances: true });
}
