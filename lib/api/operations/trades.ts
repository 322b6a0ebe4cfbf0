// The trade operations of the v1 API (spec 4.1–4.3, 4.6; decisions.md §1).
import { z } from "zod";
import { AppSwitch, MarketplaceUserId, RedirectUrl } from "../../schemas/common.ts";
import { RedirectResponse } from "../../users/schemas.ts";
import type { ErrorCode } from "../../errors.ts";
import { COMMON_ERRORS, defineOperation, POST_ERRORS } from "../operation.ts";
import {
  GetTradesQuery,
  InitiateTradeBody,
  InitiateTradeResponse,
  Trade,
  TradeList,
  TradeParams,
  TradeStateSchema,
} from "../../trades/schemas.ts";

export const initiateTrade = defineOperation({
  operationId: "initiateTrade",
  method: "POST",
  path: "/v1/marketplace/trades/initiate",
  summary: "Initiate trade",
  description:
    "Creates a trade in state `Created` and returns the hosted checkout address for the payer. " +
    "The payee must already be connected (409 `payee-not-connected`), and a payer already " +
    "connected as the payee's own person (one eID identity behind both marketplace user ids) is " +
    "refused (409 `payer-is-payee`: nobody buys from themself). Amounts are rounded to 2 " +
    "decimals half away from zero. A `checkoutUniquenessKey` (or the deprecated " +
    "`checkoutIdempotencyKey`) already held by a trade that is not `Cancelled` answers 409 " +
    "`conflict` naming that trade. `trade.created` is sent when the payer's payment lands in " +
    "escrow; a cancelled checkout sends `trade.cancelled`. The hosted checkout at `redirectUrl` " +
    "first connects a payer who is not connected yet (eID sign-in and consent, " +
    "`user.connected`), shows the item, the payer's fees and total, then takes the payment " +
    "(card or mobile wallet, with the bank's or the wallet's confirmation when asked) and sends " +
    "the browser to `successUrl`, or to `cancelUrl?reason=cancelled`; with `appSwitch` it " +
    "returns into your app.",
  tags: ["Trades"],
  body: InitiateTradeBody,
  response: InitiateTradeResponse,
  errors: [...POST_ERRORS, "conflict", "payee-not-connected", "payer-is-payee", "forbidden"],
  liveNeeds: ["paymentRail", "identity"],
});

export const getTrades = defineOperation({
  operationId: "getTrades",
  method: "GET",
  path: "/v1/marketplace/users/{marketplaceUserId}/trades",
  summary: "Get trades",
  description:
    "The trades the user takes part in, as payer or payee, newest first. Paged with `page` (from 1) and `pageSize` (1..100); filter by `state` and `role`. " +
    "The list may be read from a database replica: it shows every change committed at least 2 seconds before the call " +
    "(the operator's bound, `DATABASE_REPLICA_MAX_LAG_MS`), and may not yet show a newer one. A call after your own change on the same " +
    "server sees it; Get trade details always answers from the primary, so read a trade you have just changed, or a webhook has just told you of, by its id.",
  tags: ["Trades"],
  params: z.strictObject({ marketplaceUserId: MarketplaceUserId }),
  query: GetTradesQuery,
  response: TradeList,
  errors: [...COMMON_ERRORS],
});

export const getTradeDetails = defineOperation({
  operationId: "getTradeDetails",
  method: "GET",
  path: "/v1/marketplace/users/{marketplaceUserId}/trades/{tradeId}",
  summary: "Get trade details",
  description:
    "One trade of the user, with both parties' status and timeline as each sees it (English or Danish: `Accept-Language`, else the tenant's language).",
  tags: ["Trades"],
  params: TradeParams,
  response: Trade,
  errors: [...COMMON_ERRORS, "not-found"],
});

const TradePartyParams = TradeParams;
const partyAction = <B extends z.ZodType = z.ZodUndefined>(
  operationId: string,
  path: string,
  summary: string,
  description: string,
  withBody?: B,
  moreErrors: ErrorCode[] = [],
) =>
  defineOperation({
    operationId,
    method: "POST",
    path: `/v1/marketplace/users/{marketplaceUserId}/trades/{tradeId}/${path}`,
    summary,
    description,
    tags: ["Trades"],
    params: TradePartyParams,
    body: withBody as B,
    response: Trade,
    errors: [...POST_ERRORS, "not-found", "invalid-state", "conflict", ...moreErrors],
    liveNeeds: ["paymentRail"],
  });

export const acceptTradeInvitation = partyAction(
  "acceptTradeInvitation",
  "invitation/accept",
  "Accept trade invitation",
  "The payer accepts the trade (`Created` → `InvitationAccepted`); payment follows. 409 " +
    "`payer-is-payee` when the payer is connected as the payee's own person (a payer may connect " +
    "after initiation).",
  undefined,
  ["payer-is-payee"],
);
export const rejectTradeInvitation = partyAction(
  "rejectTradeInvitation",
  "invitation/reject",
  "Reject trade invitation",
  "The payer declines the trade before paying: `Cancelled`, `trade.cancelled`.",
);
export const abandonTrade = partyAction(
  "abandonTrade",
  "abandon",
  "Abandon trade",
  "Either party walks away before payment: `Cancelled`, `trade.cancelled`.",
);
export const acceptItemCondition = partyAction(
  "acceptItemCondition",
  "condition/accept",
  "Accept item condition",
  "Payer, `Delivered`: accepts the item (`Succeeded`, the payee is paid). Payee, " +
    "`ConditionRejected`: takes the item back (the return starts). Payee, `ReturnDelivered`: " +
    "accepts the returned item (`Returned`, the payer is refunded).",
);
export const rejectItemCondition = partyAction(
  "rejectItemCondition",
  "condition/reject",
  "Reject item condition",
  "The body is a JSON string with the reason. Payer, `Delivered`: rejects the item " +
    "(`ConditionRejected`). Payee, `ConditionRejected`: disputes the rejection (`Disputed`). " +
    "Payee, `ReturnDelivered`: rejects the returned item (`Disputed`).",
  z
    .string()
    .min(1)
    .max(2000)
    .meta({ description: "The rejection reason, as a JSON string.", example: "The frame is cracked." }),
);

export const cancelOngoingTrade = defineOperation({
  operationId: "cancelOngoingTrade",
  method: "POST",
  path: "/v1/marketplace/trades/{tradeId}/cancel",
  summary: "Cancel ongoing trade",
  description:
    "The tenant cancels a trade that is not yet sent (`Created`, `InvitationAccepted`, " +
    "`AwaitingShipment`, `LabelCreated`); a paid trade is refunded. `state` must be the trade's " +
    "current state (compare-and-set), else 409 `invalid-state` naming it.",
  tags: ["Trades"],
  params: z.strictObject({ tradeId: z.string().min(1).max(64) }),
  body: z
    .strictObject({
      state: z
        .string()
        .min(1)
        .max(64)
        .meta({ description: "The state you believe the trade is in.", example: "Created" }),
    })
    .meta({ id: "CancelTradeRequest" }),
  response: z.object({ state: TradeStateSchema }).meta({ id: "CancelTradeResponse" }),
  errors: [...POST_ERRORS, "not-found", "invalid-state", "conflict"],
  liveNeeds: ["paymentRail"],
});

export const getTradeStatusLink = defineOperation({
  operationId: "getTradeStatusLink",
  method: "POST",
  path: "/v1/marketplace/users/{marketplaceUserId}/trades/{tradeId}/status-link",
  summary: "Get trade status link",
  description:
    "A hosted page showing the user's own status of the trade: deadline, what they pay or " +
    "receive, parcels with tracking, the timeline, and the actions they may take now (pay, " +
    "accept or decline, buy a label, accept the item or report a problem with a reason, take " +
    "the item back or dispute, choose a payout account). Actions go through the same state " +
    "machine as the API and send the same webhooks. Its back link goes to `returnUrl` (or into " +
    "your app with `appSwitch`).",
  tags: ["Trades"],
  params: TradeParams,
  body: z.strictObject({ returnUrl: RedirectUrl, appSwitch: AppSwitch.optional() }).meta({ id: "StatusLinkRequest" }),
  response: RedirectResponse,
  errors: [...POST_ERRORS, "not-found"],
  liveNeeds: ["paymentRail", "carriers"],
});
