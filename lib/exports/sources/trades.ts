// Trades export: one row per trade created in the range, with its money as agreed at initiation.
import { db } from "../../db/client.ts";
import { column } from "../columns.ts";
import { KEYSET_ORDER, keysetBatches, keysetWhere, type RowSource } from "../row-source.ts";

const SELECT = {
  id: true,
  createdAt: true,
  referenceId: true,
  title: true,
  state: true,
  currency: true,
  payerMarketplaceUserId: true,
  payeeMarketplaceUserId: true,
  amountMinor: true,
  payerFeeMinor: true,
  payerFixedFeeMinor: true,
  payeeFeeMinor: true,
  payeeFixedFeeMinor: true,
  shippingPayerMinor: true,
  payerTotalMinor: true,
  payeePayoutMinor: true,
  serviceRevenueMinor: true,
  tenantRevenueMinor: true,
  settlementRefundMinor: true,
  succeededAt: true,
  cancelledAt: true,
  returnedAt: true,
} as const;

type TradeRow = Awaited<ReturnType<typeof fetchTrades>>[number];

function fetchTrades(where: ReturnType<typeof keysetWhere>, take: number) {
  return db.trade.findMany({ where, orderBy: KEYSET_ORDER, take, select: SELECT });
}

export const tradesSource: RowSource<TradeRow> = {
  kind: "trades",
  rowIs: "one row per trade created in the range",
  columns: [
    column("tradeId", "text", "the trade's id", (t) => t.id),
    column("referenceId", "text", "your reference, if any", (t) => t.referenceId),
    column("createdAt", "time", "when the trade was initiated", (t) => t.createdAt),
    column("state", "text", "the trade's state when exported", (t) => t.state),
    column("title", "text", "the item's title", (t) => t.title),
    column("currency", "text", "ISO 4217 code", (t) => t.currency),
    column("payerMarketplaceUserId", "text", "the buyer", (t) => t.payerMarketplaceUserId),
    column("payeeMarketplaceUserId", "text", "the seller", (t) => t.payeeMarketplaceUserId),
    column("amount", "amount", "the item's price", (t) => t.amountMinor),
    column(
      "payerFee",
      "amount",
      "what the payer pays in fees (percentage and fixed)",
      (t) => t.payerFeeMinor + t.payerFixedFeeMinor,
    ),
    column(
      "payeeFee",
      "amount",
      "what is taken from the payee in fees (percentage and fixed)",
      (t) => t.payeeFeeMinor + t.payeeFixedFeeMinor,
    ),
    column("shippingPaidByPayer", "amount", "the label price the payer pays into escrow", (t) => t.shippingPayerMinor),
    column(
      "payerTotal",
      "amount",
      "what the payer pays into escrow: amount + payerFee + shippingPaidByPayer",
      (t) => t.payerTotalMinor,
    ),
    column("payeePayout", "amount", "what the payee receives if the trade succeeds", (t) => t.payeePayoutMinor),
    column("serviceRevenue", "amount", "the service's fees", (t) => t.serviceRevenueMinor),
    column("tenantRevenue", "amount", "your fees", (t) => t.tenantRevenueMinor),
    column(
      "settlementRefund",
      "amount",
      "what went back to a payer who kept the item for less (settlement or offer); empty if none",
      (t) => t.settlementRefundMinor,
    ),
    column(
      "finishedAt",
      "time",
      "when the trade succeeded, was cancelled or returned; empty while it runs",
      (t) => t.succeededAt ?? t.cancelledAt ?? t.returnedAt,
    ),
  ],
  batches: (scope) => keysetBatches(scope, (after, take) => fetchTrades(keysetWhere(scope, after), take)),
};
