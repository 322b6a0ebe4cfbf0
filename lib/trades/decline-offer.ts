// POST …/trades/{t}/offers/decline: the payer says no; the offer closes and the trade goes on
// with the deadline the offer held.
import type { Trade } from "../db/generated/client.ts";
import { actOnTrade, type Context, type PartyCall } from "./act-on-trade.ts";
import { noOpenOffer, hasOpenOffer, offerClosedResumingDeadline } from "./offer-state.ts";
import type { Role } from "./transition-table.ts";
import { decideOrThrow } from "./transition.ts";

export function declineOfferCall(role: Role, trade: Trade): PartyCall {
  decideOrThrow(trade.state, "declineOffer", role);
  if (!hasOpenOffer(trade)) throw noOpenOffer();
  return {
    action: "declineOffer",
    details: offerClosedResumingDeadline(trade),
    entryDetails: { refundMinor: trade.offerRefundMinor!.toString() },
  };
}

export function declineOffer(context: Context, marketplaceUserId: string, tradeId: string) {
  return actOnTrade(context, marketplaceUserId, tradeId, declineOfferCall);
}
