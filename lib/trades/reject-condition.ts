// POST …/trades/{t}/condition/reject. The payer rejects the delivered item (with a reason); the
// payee disputes the payer's rejection, or rejects a returned item (with a reason).
import type { Trade } from "../db/generated/client.ts";
import { actOnTrade, type Context, type PartyCall } from "./act-on-trade.ts";
import type { Role } from "./transition-table.ts";

export function rejectConditionCall(role: Role, trade: Trade, reason: string): PartyCall {
  const rejection = { description: reason, images: [] };
  if (role === "payer") return { action: "rejectCondition", details: { rejectedReason: rejection } };
  if (trade.state === "ConditionRejected") return { action: "disputeRejection" };
  return { action: "rejectReturnCondition", details: { returnRejectedReason: rejection } };
}

export function rejectCondition(context: Context, marketplaceUserId: string, tradeId: string, reason: string) {
  return actOnTrade(context, marketplaceUserId, tradeId, (role, trade) => rejectConditionCall(role, trade, reason));
}
