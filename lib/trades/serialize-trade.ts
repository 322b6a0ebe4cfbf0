// The Trade of spec 2.1 (plus `state`) from database rows. Never returns rows as they are
// (docs/contributing.md, "The API's contract": explicit serializers define it).
import type { z } from "zod";
import type { Trade } from "../db/generated/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import { numberFromMinorUnits } from "../money/decimal.ts";
import { payeeReceivesMinor } from "../money/settlement.ts";
import type { Locale } from "../locale.ts";
import { LABEL_PAID_BY } from "./presentation/codes.ts";
import { partyStatus } from "./presentation/status.ts";
import type { Role } from "./transition-table.ts";
import { partyTimeline } from "./presentation/timeline.ts";
import { tradeStamps, type TradeStamps } from "./presentation/trade-stamps.ts";
import type { Trade as TradeSchema } from "./schemas.ts";
import { partsOfTrades, type AccountView, type LabelView, type TradeView } from "./store/reads.ts";

type TradeResponse = z.input<typeof TradeSchema>;

const amount = (minor: bigint) => numberFromMinorUnits(minor);

/** Serializes trades the caller holds (after a transition): one more statement for their parts. */
export async function serializeTrades(
  scope: { tenantId: string; mode: ApiMode },
  trades: Trade[],
  locale: Locale,
): Promise<TradeResponse[]> {
  if (trades.length === 0) return [];
  const parts = await partsOfTrades(
    scope,
    trades.map((x) => x.id),
  );
  const none = { delivery: null, return: null, payer: null, payee: null };
  return trades.map((trade) => serializeTrade({ ...(parts.get(trade.id) ?? none), trade }, locale));
}

export function serializeTrade(view: TradeView, locale: Locale): TradeResponse {
  const { trade, delivery, return: returned } = view;
  const at = tradeStamps(trade);
  return {
    tradeId: trade.id,
    state: trade.state,
    payer: party(trade, "payer", view.payer, locale, at),
    payee: party(trade, "payee", view.payee, locale, at),
    createdBy: trade.createdBy,
    referenceId: trade.referenceId ?? "",
    title: trade.title,
    description: trade.description,
    price: amount(trade.amountMinor),
    prioritizedPayees: (trade.prioritizedPayees as { businessId: string; businessLocationId: string }[] | null) ?? null,
    phases: {
      contract: {
        started: at("contractStartedAt"),
        paid: at("contractPaidAt"),
        invitationAccepted: at("invitationAcceptedAt"),
        invitationRejected: at("invitationRejectedAt"),
        amount: amount(trade.payerTotalMinor),
      },
      delivery: trade.deliveryStartedAt
        ? {
            started: at("deliveryStartedAt"),
            paid: at("deliveryPaidAt"),
            sent: at("sentAt"),
            lost: at("lostAt"),
            delivered: at("deliveredAt"),
            approved: at("approvedAt"),
            rejected: at("rejectedAt"),
            ...leg(delivery),
            rejectedReason: reason(trade.rejectedReason),
          }
        : null,
      return: trade.returnStartedAt
        ? {
            started: at("returnStartedAt"),
            paid: at("returnPaidAt"),
            sent: at("returnSentAt"),
            lost: at("returnLostAt"),
            delivered: at("returnDeliveredAt"),
            approved: at("returnApprovedAt"),
            rejected: at("returnRejectedAt"),
            ...leg(returned),
            rejectedReason: reason(trade.returnRejectedReason),
          }
        : null,
      finished:
        trade.succeededAt || trade.cancelledAt || trade.returnedAt || trade.releasedAt
          ? {
              succeeded: at("succeededAt"),
              cancelled: at("cancelledAt"),
              returned: at("returnedAt"),
              released: at("releasedAt"),
              // What left escrow for whom: the payee's payout, or the refund to the payer.
              amount: amount(
                trade.succeededAt ? payeeReceivesMinor(trade) : trade.contractPaidAt ? trade.payerTotalMinor : 0n,
              ),
            }
          : null,
    },
    images: trade.imageUrls.length ? trade.imageUrls.map((url) => ({ url })) : null,
    offer:
      trade.offerRefundMinor === null
        ? null
        : {
            refundAmount: amount(trade.offerRefundMinor),
            madeAt: at("offerMadeAt"),
            lapsesAt: at("offerLapsesAt"),
          },
    settlement:
      trade.settlementRefundMinor === null
        ? null
        : { refundAmount: amount(trade.settlementRefundMinor), payeeAmount: amount(payeeReceivesMinor(trade)) },
  };
}

function party(trade: Trade, role: Role, account: AccountView | null, locale: Locale, at: TradeStamps) {
  const percent = role === "payer" ? trade.payerFeePercent : trade.payeeFeePercent;
  const fixed = role === "payer" ? trade.payerFixedFeeMinor : trade.payeeFixedFeeMinor;
  const variable = role === "payer" ? trade.payerFeeMinor : trade.payeeFeeMinor;
  return {
    serviceUserId: account?.id ?? "",
    phoneNumber: account?.phoneNumber ?? null,
    name: account?.name ?? "",
    city: account?.city ?? "",
    postalCode: account?.postalCode ?? "",
    address: account?.address ?? "",
    fees: {
      fixedAmount: amount(fixed),
      variableAmount: amount(variable),
      // Exact decimal text → the nearest JSON number (display only; computations use the decimal).
      variablePercentage: Number(percent.toString()),
      amount: amount(fixed + variable),
    },
    status: partyStatus(trade.state, role, trade.deadlineAt, locale, {
      needsPayoutAccount: role === "payee" && !account?.hasPayoutAccount,
    }),
    timeline: partyTimeline(trade, role, locale, at),
  };
}

function leg(label: LabelView | null) {
  return {
    labelPricePayer: amount(label?.labelPricePayerMinor ?? 0n),
    labelPricePayee: amount(label?.labelPricePayeeMinor ?? 0n),
    labelCode: label?.labelCode ?? "",
    labelPaidBy: label?.labelPaidBy ?? LABEL_PAID_BY.none,
    labelId: label?.id ?? "",
    shippingProvider: label?.carrier ?? "",
    labelTracking: label?.trackingUrl ?? "",
  };
}

function reason(value: unknown): { description: string; images: { url: string }[] } | null {
  if (!value || typeof value !== "object") return null;
  const r = value as { description?: unknown; images?: unknown };
  return {
    description: String(r.description ?? ""),
    images: Array.isArray(r.images) ? r.images.map((url) => ({ url: String(url) })) : [],
  };
}
