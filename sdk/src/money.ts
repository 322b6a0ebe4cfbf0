// client.payments, client.shipments, client.payouts, client.balance, client.exports: the money and
// the parcels of a trade.
import { numberedPages, PageIterator } from "./pagination.ts";
import {
  init,
  tradePath,
  unwrap,
  type Api,
  type CallOptions,
  type QueryOf,
  type Schemas,
  type TradeRef,
} from "./http.ts";

export type PaymentRecord = Schemas["PaymentRecord"];
export type Payout = Schemas["Payout"];
export type BalanceTransaction = Schemas["BalanceTransaction"];

export function paymentsResource(api: Api) {
  return {
    /** Get payment to escrow: the trade's escrow payment (Pending from initiation, then Paid, …). */
    getEscrow: (ref: TradeRef, options?: CallOptions) =>
      unwrap<Schemas["PaymentRecord"]>(
        api.GET("/v1/marketplace/users/{marketplaceUserId}/trades/{tradeId}/payment", {
          params: tradePath(ref),
          ...init(options),
        }),
      ),

    /** Initiate payment flow: the hosted page where the user pays `paymentId` (escrow or a label). */
    startFlow: (
      {
        marketplaceUserId,
        paymentId,
        ...body
      }: { marketplaceUserId: string; paymentId: string } & Schemas["PaymentFlowRequest"],
      options?: CallOptions,
    ) =>
      unwrap<Schemas["RedirectResponse"]>(
        api.POST("/v1/marketplace/users/{marketplaceUserId}/payments/{paymentId}/flow", {
          params: { path: { marketplaceUserId, paymentId } },
          body,
          ...init(options),
        }),
      ),
  };
}

export function shipmentsResource(api: Api) {
  return {
    /** Buy shipment for delivery (payee): the label's payment record; the label id is then on
     *  `trade.phases.delivery.labelId`. */
    buyDeliveryLabel: (
      { marketplaceUserId, tradeId, ...body }: TradeRef & Schemas["BuyShipmentRequest"],
      options?: CallOptions,
    ) =>
      unwrap<Schemas["PaymentRecord"]>(
        api.POST("/v1/marketplace/users/{marketplaceUserId}/trades/{tradeId}/shipments/delivery", {
          params: tradePath({ marketplaceUserId, tradeId }),
          body,
          ...init(options),
        }),
      ),

    /** Buy shipment for return (payer, after a rejection). */
    buyReturnLabel: (
      { marketplaceUserId, tradeId, ...body }: TradeRef & Schemas["BuyShipmentRequest"],
      options?: CallOptions,
    ) =>
      unwrap<Schemas["PaymentRecord"]>(
        api.POST("/v1/marketplace/users/{marketplaceUserId}/trades/{tradeId}/shipments/return", {
          params: tradePath({ marketplaceUserId, tradeId }),
          body,
          ...init(options),
        }),
      ),
  };
}

type PayoutQuery = QueryOf<"listPayouts">;

export function payoutsResource(api: Api) {
  return {
    /** Every payout (filters: state, tradeId, from, to), page after page. */
    list: ({ page = 1, ...query }: PayoutQuery = {}, options?: CallOptions) =>
      numberedPages<Payout>(page, async (p) => {
        const list = await unwrap<Schemas["PayoutList"]>(
          api.GET("/v1/marketplace/payouts", { params: { query: { ...query, page: p } }, ...init(options) }),
        );
        return { items: list.payouts, pageSize: list.pagination.pageSize, totalCount: list.pagination.totalCount };
      }),
    get: (payoutId: string, options?: CallOptions) =>
      unwrap<Schemas["Payout"]>(
        api.GET("/v1/marketplace/payouts/{payoutId}", { params: { path: { payoutId } }, ...init(options) }),
      ),
  };
}

type TransactionQuery = QueryOf<"listBalanceTransactions">;

export function balanceResource(api: Api) {
  return {
    /** Money held, owed and earned per currency (now, or `at` a past moment). */
    get: (query: QueryOf<"getBalance"> = {}, options?: CallOptions) =>
      unwrap<Schemas["Balance"]>(api.GET("/v1/marketplace/balance", { params: { query }, ...init(options) })),

    /** The ledger transfers that explain the balance, newest first, cursor after cursor. */
    transactions: ({ startingAfter, ...query }: TransactionQuery = {}, options?: CallOptions) =>
      new PageIterator<BalanceTransaction, string | null>(startingAfter ?? null, async (cursor) => {
        const list = await unwrap<Schemas["BalanceTransactionList"]>(
          api.GET("/v1/marketplace/balance-transactions", {
            params: { query: { ...query, ...(cursor ? { startingAfter: cursor } : {}) } },
            ...init(options),
          }),
        );
        const last = list.balanceTransactions.at(-1);
        return { items: list.balanceTransactions, next: list.hasMore && last ? last.id : undefined };
      }),
  };
}

type ExportQuery = QueryOf<"exportTrades">;

export function exportsResource(api: Api) {
  const text = { parseAs: "text" as const };
  return {
    /** Trades of a range of days as CSV (default) or JSON lines, as one string. */
    trades: (query: ExportQuery, options?: CallOptions) =>
      unwrap<string>(api.GET("/v1/marketplace/exports/trades", { params: { query }, ...text, ...init(options) })),
    payouts: (query: ExportQuery, options?: CallOptions) =>
      unwrap<string>(api.GET("/v1/marketplace/exports/payouts", { params: { query }, ...text, ...init(options) })),
    ledgerMovements: (query: ExportQuery, options?: CallOptions) =>
      unwrap<string>(
        api.GET("/v1/marketplace/exports/ledger-movements", { params: { query }, ...text, ...init(options) }),
      ),
  };
}

export function moneyResources(api: Api) {
  return {
    payments: paymentsResource(api),
    shipments: shipmentsResource(api),
    payouts: payoutsResource(api),
    balance: balanceResource(api),
    exports: exportsResource(api),
  };
}
