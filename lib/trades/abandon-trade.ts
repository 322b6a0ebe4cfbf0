// POST …/trades/{t}/abandon: a party walks away before the trade is paid.
import { actOnTrade, type Context, type PartyCall } from "./act-on-trade.ts";

export const abandonCall = (): PartyCall => ({ action: "abandon" });

export function abandonTrade(context: Context, marketplaceUserId: string, tradeId: string) {
  return actOnTrade(context, marketplaceUserId, tradeId, abandonCall);
}
