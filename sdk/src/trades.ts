// client.trades: initiate, read, list, and every step of a trade a party or the tenant takes.
import { numberedPages } from "./pagination.ts";
import { init, tradePath, unwrap, type Api, type CallOptions, type Schemas, type TradeRef } from "./http.ts";

export type Trade = Schemas["Trade"];
export type TradeState = Schemas["TradeState"];
export type InitiateTradeRequest = Schemas["InitiateTradeRequest"];

export interface ListTradesParams {
  /** Whose trades: your id of the user. */
  marketplaceUserId: string;
  state?: TradeState;
  role?: "payer" | "payee";
  /** Trades per request (1..100, default 20); iteration reads on until the last page. */
  pageSize?: number;
  /** Start at this page (default 1). */
  page?: number;
}

export function tradesResource(api: Api) {
  return {
    /** Initiate trade: the trade and the hosted checkout's `redirectUrl` for the payer. */
    initiate: (body: InitiateTradeRequest, options?: CallOptions) =>
      unwrap<Schemas["InitiateTradeResponse"]>(api.POST("/v1/marketplace/trades/initiate", { body, ...init(options) })),

    /** Get trade details, as `marketplaceUserId` (payer or payee) sees it. */
    get: (ref: TradeRef, options?: CallOptions) =>
      unwrap<Schemas["Trade"]>(
        api.GET("/v1/marketplace/users/{marketplaceUserId}/trades/{tradeId}", {
          params: tradePath(ref),
          ...init(options),
        }),
      ),

    /** Get trades of a user, every page: `for await (const trade of client.trades.list({ marketplaceUserId }))`. */
    list: ({ marketplaceUserId, page = 1, ...query }: ListTradesParams, options?: CallOptions) =>
      numberedPages<Trade>(page, async (p) => {
        const list = await unwrap<Schemas["TradeList"]>(
          api.GET("/v1/marketplace/users/{marketplaceUserId}/trades", {
            params: { path: { marketplaceUserId }, query: { ...query, page: p } },
            ...init(options),
          }),
        );
        return { items: list.trades, pageSize: list.pagination.pageSize, totalCount: list.pagination.totalCount };
      }),

    /** Get trade status link: the hosted status page where the party sees and acts on the trade. */
    statusLink: (ref: TradeRef & Schemas["StatusLinkRequest"], options?: CallOptions) => {
      const { marketplaceUserId, tradeId, ...body } = ref;
      return unwrap<Schemas["RedirectResponse"]>(
        api.POST("/v1/marketplace/users/{marketplaceUserId}/trades/{tradeId}/status-link", {
          params: tradePath({ marketplaceUserId, tradeId }),
          body,
          ...init(options),
        }),
      );
    },

    /** Cancel ongoing trade: `state` is the state you believe it is in (compare-and-set). */
    cancel: ({ tradeId, state }: { tradeId: string; state: TradeState }, options?: CallOptions) =>
      unwrap<Schemas["CancelTradeResponse"]>(
        api.POST("/v1/marketplace/trades/{tradeId}/cancel", {
          params: { path: { tradeId } },
          body: { state },
          ...init(options),
        }),
      ),

    /** Accept trade invitation (payer). */
    acceptInvitation: (ref: TradeRef, options?: CallOptions) =>
      unwrap<Schemas["Trade"]>(
        api.POST("/v1/marketplace/users/{marketplaceUserId}/trades/{tradeId}/invitation/accept", {
          params: tradePath(ref),
          ...init(options),
        }),
      ),

    /** Accept trade invitation and pay (payer): the escrow payment record to pay. */
    acceptAndPay: (ref: TradeRef & { receiverShopId?: string }, options?: CallOptions) =>
      unwrap<Schemas["PaymentRecord"]>(
        api.POST("/v1/marketplace/users/{marketplaceUserId}/trades/{tradeId}/invitation/accept-and-pay", {
          params: {
            ...tradePath(ref),
            ...(ref.receiverShopId ? { query: { receiverShopId: ref.receiverShopId } } : {}),
          },
          ...init(options),
        }),
      ),

    /** Reject trade invitation (payer). */
    rejectInvitation: (ref: TradeRef, options?: CallOptions) =>
      unwrap<Schemas["Trade"]>(
        api.POST("/v1/marketplace/users/{marketplaceUserId}/trades/{tradeId}/invitation/reject", {
          params: tradePath(ref),
          ...init(options),
        }),
      ),

    /** Abandon trade. */
    abandon: (ref: TradeRef, options?: CallOptions) =>
      unwrap<Schemas["Trade"]>(
        api.POST("/v1/marketplace/users/{marketplaceUserId}/trades/{tradeId}/abandon", {
          params: tradePath(ref),
          ...init(options),
        }),
      ),

    /** Accept item condition: the receiver is happy with the item (delivery: payer; return: payee). */
    acceptCondition: (ref: TradeRef, options?: CallOptions) =>
      unwrap<Schemas["Trade"]>(
        api.POST("/v1/marketplace/users/{marketplaceUserId}/trades/{tradeId}/condition/accept", {
          params: tradePath(ref),
          ...init(options),
        }),
      ),

    /** Reject item condition, with the reason the receiver gives. */
    rejectCondition: ({ reason, ...ref }: TradeRef & { reason: string }, options?: CallOptions) =>
      unwrap<Schemas["Trade"]>(
        api.POST("/v1/marketplace/users/{marketplaceUserId}/trades/{tradeId}/condition/reject", {
          params: tradePath(ref),
          body: reason,
          ...init(options),
        }),
      ),

    /** Settle a rejected or disputed item without the return: `refundAmount` back to the payer. */
    settle: ({ tradeId, ...body }: { tradeId: string } & Schemas["SettleTradeRequest"], options?: CallOptions) =>
      unwrap<Schemas["Trade"]>(
        api.POST("/v1/marketplace/trades/{tradeId}/settle", { params: { path: { tradeId } }, body, ...init(options) }),
      ),

    /** Price-reduction offers after a rejection: the payee makes one, the payer accepts or declines it. */
    offers: {
      make: ({ refundAmount, ...ref }: TradeRef & Schemas["TradeOfferRequest"], options?: CallOptions) =>
        unwrap<Schemas["Trade"]>(
          api.POST("/v1/marketplace/users/{marketplaceUserId}/trades/{tradeId}/offers", {
            params: tradePath(ref),
            body: { refundAmount },
            ...init(options),
          }),
        ),
      /**
       * The payer accepts the offer they were shown, named by its `refundAmount` (the Trade's
       * `offer.refundAmount`): if the payee replaced it meanwhile, nothing happens (409 `invalid-state`).
       */
      accept: ({ refundAmount, ...ref }: TradeRef & Schemas["AcceptTradeOfferRequest"], options?: CallOptions) =>
        unwrap<Schemas["Trade"]>(
          api.POST("/v1/marketplace/users/{marketplaceUserId}/trades/{tradeId}/offers/accept", {
            params: tradePath(ref),
            body: { refundAmount },
            ...init(options),
          }),
        ),
      decline: (ref: TradeRef, options?: CallOptions) =>
        unwrap<Schemas["Trade"]>(
          api.POST("/v1/marketplace/users/{marketplaceUserId}/trades/{tradeId}/offers/decline", {
            params: tradePath(ref),
            ...init(options),
          }),
        ),
    },
  };
}
