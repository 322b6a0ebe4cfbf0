// POST …/trades/{t}/invitation/accept: the invited party takes the trade up. Nobody accepts a
// trade whose seller is themself (lib/trades/distinct-parties.ts).
import { actOnTrade, type Context, type PartyCall } from "./act-on-trade.ts";

export const acceptInvitationCall = (): PartyCall => ({ action: "acceptInvitation", distinctParties: true });

export function acceptInvitation(context: Context, marketplaceUserId: string, tradeId: string) {
  return actOnTrade(context, marketplaceUserId, tradeId, acceptInvitationCall);
}
