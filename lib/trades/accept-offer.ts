// POST …/trades/{t}/offers/accept: the payer keeps the item for the offered reduction, and the
// trade settles (`Succeeded`) with that refund. The payer names the refund they accept: an offer
// the payee replaced after the payer saw it is refused, never settled.
import type { Trade } from "../db/generated/client.ts";
import { minorUnitsFromNumber } from "../money/decimal.ts";
import { actOnTrade, type Context, type PartyCall } from "./act-on-trade.ts";
import { noOpenOffer, hasOpenOffer, offerDiffers, OFFER_CLOSED } from "./offer-state.ts";
import type { Role } from "./transition-table.ts";
import { decideOrThrow } from "./transition.ts";

/** Decided on the row the transaction locked, so a replacement cannot slip in before the update. */
export function acceptOfferCall(role: Role, trade: Trade, acceptedRefundMinor: bigint): PartyCall {
  decideOrThrow(trade.state, "acceptOffer", role);
  if (!hasOpenOffer(trade)) throw noOpenOffer();
  if (trade.offerRefundMinor !== acceptedRefundMinor) throw offerDiffers(trade, acceptedRefundMinor);
  return {
    action: "acceptOffer",
    details: { ...OFFER_CLOSED, settlementRefundMinor: trade.offerRefundMinor },
    entryDetails: { refundMinor: trade.offerRefundMinor!.toString() },
  };
}

export function acceptOffer(context: Context, marketplaceUserId: string, tradeId: string, refundAmount: number) {
  const acceptedRefundMinor = minorUnitsFromNumber(refundAmount);
  return actOnTrade(context, marketplaceUserId, tradeId, (role, trade) =>
    acceptOfferCall(role, trade, acceptedRefundMinor),
  );
}
