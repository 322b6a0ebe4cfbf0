// Settling a rejected or disputed item (decisions.md §9), as calls on the transition table:
// the tenant's (or staff's) settlement, and the payee's price-reduction offer that the payer
// accepts or declines. Which amounts are allowed, and what each answer does to the offer's
// columns and the trade's deadline; the engine does the rest (lib/trades/apply-transition.ts).
import { ApiError } from "../errors.ts";
import type { Trade } from "../db/generated/client.ts";
import { formatMoney } from "../money/format.ts";
import { refundableMinor } from "../money/settlement.ts";
import type { PartyCall } from "./act-on-trade.ts";
import type { DeadlineSettings } from "./deadlines.ts";
import { hasOpenOffer, OFFER_CLOSED, offerClosedResumingDeadline } from "./offer-state.ts";
import type { Role } from "./presentation/status.ts";
import { decideOrThrow } from "./transition.ts";

const noOpenOffer = () =>
  new ApiError("invalid-state", "There is no open offer on this trade: the payee makes one with POST …/offers.");

/**
 * The tenant's or staff's settlement: `refundMinor` back to the payer, the rest to the payee.
 * All of the payer's money for the item back ends the trade as a return (`Returned`).
 */
export function settlementCall(trade: Trade, actor: "tenant" | "staff", refundMinor: bigint): PartyCall {
  decideOrThrow(trade.state, "settle", actor); // a trade in another state is a 409 before any amount is weighed
  const refundable = refundableMinor(trade);
  if (refundMinor > refundable) {
    throw ApiError.field(
      "refundAmount",
      `At most ${formatMoney(refundable, trade.currency)}: what the payer paid into escrow for the ` +
        `item (the price and the payer's fees; shipping money went to the carrier).`,
    );
  }
  return {
    action: refundMinor === refundable ? "settleInFull" : "settle",
    details: { ...OFFER_CLOSED, settlementRefundMinor: refundMinor },
  };
}

/** The payee offers to keep the deal for less; a new offer replaces an open one. */
export function makeOfferCall(
  role: Role,
  trade: Trade,
  settings: DeadlineSettings,
  refundMinor: bigint,
  now: Date,
): PartyCall {
  decideOrThrow(trade.state, "makeOffer", role);
  const refundable = refundableMinor(trade);
  if (refundMinor <= 0n || refundMinor >= refundable) {
    throw ApiError.field(
      "refundAmount",
      `More than 0 and less than ${formatMoney(refundable, trade.currency)} (the payer's money for ` +
        `the item); to give all of it back, take the item back instead.`,
    );
  }
  // The offer holds the trade's deadline: the payer has the acceptance deadline to answer, but
  // never longer than the trade would have waited anyway. The replaced deadline comes back when
  // the offer is declined or lapses.
  const resumeAt = hasOpenOffer(trade) ? trade.offerResumeDeadlineAt : trade.deadlineAt;
  const resumeKind = hasOpenOffer(trade) ? trade.offerResumeDeadlineKind : trade.deadlineKind;
  const answerBy = new Date(now.getTime() + settings.acceptanceDeadlineSeconds * 1000);
  const lapsesAt = resumeAt && resumeAt < answerBy ? resumeAt : answerBy;
  return {
    action: "makeOffer",
    details: {
      offerRefundMinor: refundMinor,
      offerMadeAt: now,
      offerLapsesAt: lapsesAt,
      offerResumeDeadlineAt: resumeAt,
      offerResumeDeadlineKind: resumeKind,
      deadlineAt: lapsesAt,
      deadlineKind: "lapseOffer",
    },
    entryDetails: { refundMinor: refundMinor.toString() },
  };
}

/** The payer keeps the item for the offered reduction: the trade settles (`Succeeded`). */
export function acceptOfferCall(role: Role, trade: Trade): PartyCall {
  decideOrThrow(trade.state, "acceptOffer", role);
  if (!hasOpenOffer(trade)) throw noOpenOffer();
  return {
    action: "acceptOffer",
    details: { ...OFFER_CLOSED, settlementRefundMinor: trade.offerRefundMinor },
    entryDetails: { refundMinor: trade.offerRefundMinor!.toString() },
  };
}

/** The payer says no: the offer closes and the trade continues as before. */
export function declineOfferCall(role: Role, trade: Trade): PartyCall {
  decideOrThrow(trade.state, "declineOffer", role);
  if (!hasOpenOffer(trade)) throw noOpenOffer();
  return {
    action: "declineOffer",
    details: offerClosedResumingDeadline(trade),
    entryDetails: { refundMinor: trade.offerRefundMinor!.toString() },
  };
}
