// The hosted trade status page (Get trade status link): the party's status, deadline, timeline,
// parcels and the actions they may take there. Actions go through the same use cases and the same
// transition table as the API; only actions the page offers for the trade's current state are
// taken. Paying (escrow or a label) continues in a payment flow that returns here.
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { acceptAndPay } from "../payments/accept-and-pay.ts";
import { numberFromMinorUnits } from "../money/decimal.ts";
import { buyShipment } from "../shipping/buy-shipment.ts";
import { labelOptions } from "../shipping/label-prices.ts";
import { applyPartyCall } from "../trades/act-on-trade.ts";
import type { PartyCall } from "../trades/act-on-trade.ts";
import { abandonCall } from "../trades/abandon-trade.ts";
import { acceptConditionCall } from "../trades/accept-condition.ts";
import { acceptInvitationCall } from "../trades/accept-invitation.ts";
import { rejectConditionCall } from "../trades/reject-condition.ts";
import { rejectInvitationCall } from "../trades/reject-invitation.ts";
import type { Locale } from "../locale.ts";
import { ACTION } from "../trades/presentation/codes.ts";
import type { Role } from "../trades/transition-table.ts";
import { serializeTrades } from "../trades/serialize-trade.ts";
import type { Trade } from "../db/generated/client.ts";
import { publicBaseUrl } from "../config.ts";
import { hostedPagePath } from "../hosted-links/hosted-paths.ts";
import type { HostedOutcome } from "./hosted-outcome.ts";
import type { SessionOf } from "./open-session.ts";
import { createHostedSession } from "../hosted-links/sessions.ts";

export async function loadStatus(session: SessionOf<"TradeStatus">, locale: Locale) {
  const trade = await db.trade.findUniqueOrThrow({ where: { id: session.tradeId } });
  const role: Role = trade.payerMarketplaceUserId === session.marketplaceUserId ? "payer" : "payee";
  const [[view], labels] = await Promise.all([
    serializeTrades({ tenantId: session.tenantId, mode: session.mode }, [trade], locale),
    db.shipmentLabel.findMany({
      where: { tenantId: trade.tenantId, mode: trade.mode, tradeId: trade.id, status: { not: "Pending" } },
      orderBy: { createdAt: "asc" },
    }),
  ]);
  return { trade, role, view: view!, party: view![role], labels };
}

/**
 * The labels the status page offers for a buy-label action, priced by the mode's carriers; none
 * where the mode has no carrier to sell one (live mode before a real carrier: the purchase would
 * be refused with a 403 naming the setting).
 */
export async function offeredLabels(trade: Trade, code: number) {
  try {
    return await labelOptions(trade, code === ACTION.buyDeliveryLabel ? "Delivery" : "Return");
  } catch (error) {
    if (error instanceof AppError && error.code === "forbidden") return [];
    throw error;
  }
}

/** Actions whose page asks first: they cannot be undone, or need input. */
export const ASKS_FIRST = new Set<number>([
  ACTION.rejectInvitation,
  ACTION.abandon,
  ACTION.acceptCondition,
  ACTION.rejectCondition,
  ACTION.buyDeliveryLabel,
  ACTION.buyReturnLabel,
  ACTION.acceptReturnedItem,
  ACTION.rejectReturnedItem,
  ACTION.takeItemBack,
  ACTION.disputeRejection,
]);

export const NEEDS_REASON = new Set<number>([ACTION.rejectCondition, ACTION.rejectReturnedItem]);
export const BUYS_LABEL = new Set<number>([ACTION.buyDeliveryLabel, ACTION.buyReturnLabel]);

export async function actOnStatusPage(
  session: SessionOf<"TradeStatus">,
  token: string,
  form: FormData,
  now: Date,
  locale: Locale,
): Promise<HostedOutcome> {
  const { trade, party } = await loadStatus(session, locale);
  const code = Number(form.get("action"));
  if (!party.status.actions?.some((a) => a.type === code)) return { back: true, error: "not_allowed" };
  const context = { tenant: session.tenant, mode: session.mode, now };
  const user = session.marketplaceUserId;
  const statusPage = `${publicBaseUrl()}${hostedPagePath("TradeStatus", token)}`;
  const apply = async (call: (role: Role, trade: Trade) => PartyCall) => {
    await applyPartyCall(context, user, trade.id, call);
    return { back: true as const, notice: code };
  };

  switch (code) {
    case ACTION.pay: {
      const payment = await acceptAndPay(context, user, trade.id, undefined);
      if (payment.state !== "Pending") return { back: true, notice: code };
      return payHere(session, payment.paymentId, statusPage, now);
    }
    case ACTION.acceptInvitation:
      return apply(acceptInvitationCall);
    case ACTION.rejectInvitation:
      return apply(rejectInvitationCall);
    case ACTION.abandon:
      return apply(abandonCall);
    case ACTION.acceptCondition:
    case ACTION.acceptReturnedItem:
    case ACTION.takeItemBack:
      return apply(acceptConditionCall);
    case ACTION.rejectCondition:
    case ACTION.rejectReturnedItem: {
      const reason = String(form.get("reason") ?? "")
        .trim()
        .slice(0, 2000);
      if (!reason) return { back: true, error: "reason_required" };
      return apply((role, current) => rejectConditionCall(role, current, reason));
    }
    case ACTION.disputeRejection:
      return apply((role, current) => rejectConditionCall(role, current, ""));
    case ACTION.buyDeliveryLabel:
    case ACTION.buyReturnLabel: {
      const [carrier = "", grams = ""] = String(form.get("choice") ?? "").split(":");
      const leg = code === ACTION.buyDeliveryLabel ? "Delivery" : "Return";
      const chosen = (await labelOptions(trade, leg)).find(
        (option) => option.carrier === carrier && String(option.weightGrams) === grams,
      );
      if (!chosen) return { back: true, error: "choose_carrier" };
      const payment = await buyShipment(context, leg, user, trade.id, {
        price: numberFromMinorUnits(chosen.priceMinor),
        shipmentProviderId: chosen.carrier,
        expectedMaxWeightInGrams: chosen.weightGrams,
      });
      if (payment.state !== "Pending") return { back: true, notice: code };
      return payHere(session, payment.paymentId, statusPage, now);
    }
    case ACTION.choosePayoutAccount: {
      const link = await createHostedSession(db, {
        tenantId: session.tenantId,
        mode: session.mode,
        kind: "PayoutAccount",
        marketplaceUserId: user,
        returnUrl: `${statusPage}?done=${code}`,
        now,
      });
      return { done: hostedPagePath("PayoutAccount", link.token) };
    }
    default:
      return { back: true, error: "not_allowed" };
  }
}

/** Continues in a payment flow for the payment that returns to this status page. */
async function payHere(
  session: SessionOf<"TradeStatus">,
  paymentId: string,
  statusPage: string,
  now: Date,
): Promise<HostedOutcome> {
  const flow = await createHostedSession(db, {
    tenantId: session.tenantId,
    mode: session.mode,
    kind: "PaymentFlow",
    marketplaceUserId: session.marketplaceUserId,
    tradeId: session.tradeId,
    paymentId,
    successUrl: `${statusPage}?done=paid`,
    cancelUrl: statusPage,
    now,
  });
  return { done: hostedPagePath("PaymentFlow", flow.token) };
}
