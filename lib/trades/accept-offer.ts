// POST …/trades/{t}/offers/accept: the payer keeps the item for the offered reduction, and the
// trade settles (`Succeeded`) with that refund.
import type { Trade } from "../db/generated/client.ts";
import { actOnTrade, type Context, type PartyCall } from "./act-on-trade.ts";
import { noOpenOffer, hasOpenOffer, OFFER_CLOSED } from "./offer-state.ts";
import type { Role } from "./presentation/status.ts";
import { decideOrThrow } from "./transition.ts";

export function acceptOfferCall(role: Role, trade: Trade): PartyCall {
  decideOrThrow(trade.state, "acceptOffer", role);
  if (!hasOpenOffer(trade)) throw noOpenOffer();
  return {
    action: "acceptOffer",
    details: { ...OFFER_CLOSED, settlementRefundMinor: trade.offerRefundMinor },
    entryDetails: { refundMinor: trade.offerRefundMinor!.toString() },
  };
}

export function acceptOffer(context: Context, marketplaceUserId: string, tradeId: string) {
  return actOnTrade(context, marketplaceUserId, tradeId, acceptOfferCall);
}
