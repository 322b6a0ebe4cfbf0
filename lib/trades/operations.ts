// The trade operations of the v1 API (spec 4.1–4.3, 4.6; decisions.md §1).
import { z } from "zod";
import { MarketplaceUserId } from "../api/common-schemas.ts";
import { COMMON_ERRORS, defineOperation } from "../api/operation.ts";
import { GetTradesQuery, InitiateTradeBody, InitiateTradeResponse, Trade, TradeList, TradeParams } from "./schemas.ts";

const POST_ERRORS = [...COMMON_ERRORS, "malformed-request", "payload-too-large", "idempotency-in-progress", "idempotency-key-mismatch"] as const;

export const initiateTrade = defineOperation({
  operationId: "initiateTrade",
  method: "POST",
  path: "/v1/marketplace/trades/initiate",
  summary: "Initiate trade",
  description:
    "Creates a trade in state `Created` and returns the hosted checkout address for the payer. The payee must already be connected (409 `payee-not-connected`). Amounts are rounded to 2 decimals half away from zero. A `checkoutUniquenessKey` (or the deprecated `checkoutIdempotencyKey`) already held by a trade that is not `Cancelled` answers 409 `conflict` naming that trade. `trade.created` is sent when the payer's payment lands in escrow; a cancelled checkout sends `trade.cancelled`.",
  tags: ["Trades"],
  body: InitiateTradeBody,
  response: InitiateTradeResponse,
  errors: [...POST_ERRORS, "conflict", "payee-not-connected"],
});

export const getTrades = defineOperation({
  operationId: "getTrades",
  method: "GET",
  path: "/v1/marketplace/users/{marketplaceUserId}/trades",
  summary: "Get trades",
  description: "The trades the user takes part in, as payer or payee, newest first. Paged with `page` (from 1) and `pageSize` (1..100); filter by `state` and `role`.",
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
  description: "One trade of the user, with both parties' status and timeline as each sees it (English or Danish: `Accept-Language`, else the tenant's language).",
  tags: ["Trades"],
  params: TradeParams,
  response: Trade,
  errors: [...COMMON_ERRORS, "not-found"],
});
