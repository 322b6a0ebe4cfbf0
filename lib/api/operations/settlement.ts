// Settlement of a rejected or disputed item and the payee's price-reduction offer (decisions.md §9):
// additive operations of the v1 API.
import { z } from "zod";
import { defineOperation, POST_ERRORS } from "../operation.ts";
import { Trade, TradeParams } from "../../trades/schemas.ts";

const RefundAmount = (description: string) => z.number().min(0).max(10_000_000).meta({ description, example: 20 });

export const settleTrade = defineOperation({
  operationId: "settleTrade",
  method: "POST",
  path: "/v1/marketplace/trades/{tradeId}/settle",
  summary: "Settle trade",
  description:
    "Additive. The tenant settles a trade whose item the payer rejected (`ConditionRejected`) " +
    "or that is `Disputed`, without a return parcel: the payer gets `refundAmount` back and the " +
    "payee the rest. " +
    "`refundAmount` is at most what the payer paid into escrow for the item (the price and the payer's fees; shipping money went to the carrier). " +
    ("Who bears a partial refund: the payee's payout first; only a refund larger than it reduces " +
      "the fees, the tenant's share before the service's (docs/money.md). ") +
    "Below the whole amount the trade finishes `Succeeded` (the payee is paid as usual); the whole amount finishes it `Returned` with every fee refunded. " +
    "Sends `trade.settled`, then `trade.succeeded` or `trade.return_condition_accepted`. An open price-reduction offer is closed. Answers the Trade.",
  tags: ["Trades"],
  params: z.strictObject({ tradeId: z.string().min(1).max(64) }),
  body: z
    .strictObject({
      refundAmount: RefundAmount("Major units back to the payer; rounded to 2 decimals half away from zero."),
      reason: z.string().min(1).max(2000).meta({
        description: "Why, in the tenant's words (kept on the trade's timeline).",
        example: "Agreed 20 off for the stained seat.",
      }),
    })
    .meta({ id: "SettleTradeRequest" }),
  response: Trade,
  errors: [...POST_ERRORS, "not-found", "invalid-state", "conflict"],
  liveNeeds: ["paymentRail"],
});

const offerOperation = <B extends z.ZodType = z.ZodUndefined>(
  operationId: string,
  path: string,
  summary: string,
  description: string,
  withBody?: B,
) =>
  defineOperation({
    operationId,
    method: "POST",
    path: `/v1/marketplace/users/{marketplaceUserId}/trades/{tradeId}/${path}`,
    summary,
    description,
    tags: ["Trades"],
    params: TradeParams,
    body: withBody as B,
    response: Trade,
    errors: [...POST_ERRORS, "not-found", "invalid-state", "conflict"],
    liveNeeds: ["paymentRail"],
  });

export const makeTradeOffer = offerOperation(
  "makeTradeOffer",
  "offers",
  "Offer a price reduction",
  "Additive. The payee, after the payer rejected the item (`ConditionRejected`, or " +
    "`Disputed`), offers to keep the deal for less: `refundAmount` back to the payer, who keeps " +
    "the item. " +
    ("More than 0 and less than the payer's money for the item. A new offer replaces an open " +
      "one. The payer has the tenant's acceptance deadline to answer (never longer than the trade " +
      "would have waited); ") +
    "then the offer lapses and the trade continues as before. Sends `trade.offer_made`; the Trade's additive `offer` shows it.",
  z
    .strictObject({ refundAmount: RefundAmount("Major units back to the payer if the offer is accepted.") })
    .meta({ id: "TradeOfferRequest" }),
);

export const acceptTradeOffer = offerOperation(
  "acceptTradeOffer",
  "offers/accept",
  "Accept the price reduction",
  "Additive. The payer accepts the open offer: the trade settles as with Settle trade, " +
    "without a return parcel, and finishes `Succeeded`. Sends `trade.offer_accepted`, " +
    "`trade.settled` and `trade.succeeded`. " +
    ("The body names the offer the payer saw and accepts by its `refundAmount` (the Trade's " +
      "`offer.refundAmount`): the payee may replace an open offer at any time, and money never " +
      "moves on an amount the payer did not see. 409 `invalid-state` when no offer is open, or " +
      "when the open one is for another amount (the detail names it; nothing changes). ") +
    "Changed: accept took no body before; without one it now answers 400 `validation-error` " +
    "(docs/api-changes.md).",
  z
    .strictObject({
      refundAmount: RefundAmount(
        "The refund of the offer the payer accepts, as the Trade's `offer.refundAmount` showed it; " +
          "rounded to 2 decimals half away from zero, then compared exactly.",
      ),
    })
    .meta({ id: "AcceptTradeOfferRequest" }),
);

export const declineTradeOffer = offerOperation(
  "declineTradeOffer",
  "offers/decline",
  "Decline the price reduction",
  "Additive. The payer declines the open offer: the trade continues as before (its deadline " +
    "is back). Sends `trade.offer_declined`. 409 `invalid-state` when no offer is open. Takes no " +
    "body (a body with fields is a 400, as on every operation without one).",
);
