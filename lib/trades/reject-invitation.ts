// POST …/trades/{t}/invitation/reject: the invited party declines the trade.
import { actOnTrade, type Context, type PartyCall } from "./act-on-trade.ts";

export const rejectInvitationCall = (): PartyCall => ({ action: "rejectInvitation" });

export function rejectInvitation(context: Context, marketplaceUserId: string, tradeId: string) {
  return actOnTrade(context, marketplaceUserId, tradeId, rejectInvitationCall);
}
