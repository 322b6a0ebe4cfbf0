// The columns of a trade's open price-reduction offer (schema.prisma, Trade.offer*). Kept in one
// place because the engine closes an open offer whenever the trade leaves its state, and the
// scheduler's lapse restores the deadline the offer held.
import { ApiError } from "../errors.ts";
import type { Prisma, Trade } from "../db/generated/client.ts";

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
  new ApiError("invalid-state", "There is no open offer on this trade: the payee makes one with POST …/offers.");
