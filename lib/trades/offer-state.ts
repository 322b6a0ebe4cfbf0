// The columns of a trade's open price-reduction offer (schema.prisma, Trade.offer*). Kept in one
// place because the engine closes an open offer whenever the trade leaves its state, and the
// scheduler's lapse restores the deadline the offer held.
import { AppError } from "../errors.ts";
import type { Prisma, Trade } from "../db/generated/client.ts";
import { formatMoney } from "../money/format.ts";

/** No offer open any more (accepted, declined, lapsed, or overtaken by another transition). */
export const OFFER_CLOSED = {
  offerRefundMinor: null,
  offerMadeAt: null,
  offerLapsesAt: null,
  offerResumeDeadlineAt: null,
  offerResumeDeadlineKind: null,
} satisfies Prisma.TradeUncheckedUpdateManyInput;

export const hasOpenOffer = (trade: Trade) => trade.offerRefundMinor !== null;

/** Closes the offer and gives the trade back the deadline the offer held: it continues as before. */
export function offerClosedResumingDeadline(trade: Trade): Prisma.TradeUncheckedUpdateManyInput {
  return { ...OFFER_CLOSED, deadlineAt: trade.offerResumeDeadlineAt, deadlineKind: trade.offerResumeDeadlineKind };
}

/** The refusal of an answer to an offer when none is open. */
export const noOpenOffer = () =>
  new AppError("invalid-state", "There is no open offer on this trade: the payee makes one with POST …/offers.");

/**
 * The refusal of an accept that names another refund than the open offer's: the payee replaced
 * the offer after the payer saw it, and money must never move on an amount the payer did not see.
 */
export const offerDiffers = (trade: Trade, acceptedMinor: bigint) =>
  new AppError(
    "invalid-state",
    `The open offer is a refund of ${formatMoney(trade.offerRefundMinor!, trade.currency)}, not ` +
      `${formatMoney(acceptedMinor, trade.currency)}: the payee has replaced it. Show the payer the ` +
      "current offer (the Trade's `offer`) and send its `refundAmount` if they accept it.",
  );
