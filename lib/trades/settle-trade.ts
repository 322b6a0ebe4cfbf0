// POST /v1/marketplace/trades/{t}/settle: the tenant settles a rejected or disputed item
// (decisions.md §9). The payer gets refundAmount back, the payee the rest (lib/money/settlement.ts),
// and the trade finishes Succeeded, or Returned when the whole of the payer's money goes back.
import type { TenantContext } from "../auth/authenticate.ts";
import { AppError } from "../errors.ts";
import { inTransaction } from "../db/sql.ts";
import { minorUnitsFromNumber } from "../money/decimal.ts";
import { lockTenantTradeRow } from "./store/lock.ts";
import { transitionTrade } from "./transition-trade.ts";
import type { Locale } from "../locale.ts";
import { serializeTrade } from "./serialize-trade.ts";
import type { Trade } from "../db/generated/client.ts";
import { formatMoney } from "../money/format.ts";
import { refundableMinor } from "../money/settlement.ts";
import type { PartyCall } from "./act-on-trade.ts";
import { OFFER_CLOSED } from "./offer-state.ts";
import { decideOrThrow } from "./transition.ts";

export async function settleTrade(
  context: TenantContext & { now: Date; locale: Locale },
  tradeId: string,
  body: { refundAmount: number; reason: string },
) {
  const scope = { tenantId: context.tenant.id, mode: context.mode };
  // On the driver: the trade locked and read, so that a payer's answer to an offer and the
  // settlement run one after the other, and the second is judged on the trade the first left.
  const settled = await inTransaction(async (q) => {
    const trade = await lockTenantTradeRow(q, scope.tenantId, tradeId, scope.mode);
    const refundMinor = minorUnitsFromNumber(body.refundAmount);
    const call = settlementCall(trade, "tenant", refundMinor);
    return transitionTrade(q, {
      trade,
      settings: context.tenant,
      action: call.action,
      actor: "tenant",
      now: context.now,
      details: call.details,
      entryDetails: { refundMinor: refundMinor.toString(), reason: body.reason },
      withParts: true,
    });
  });
  return serializeTrade({ ...settled.parts!, trade: settled.trade }, context.locale);
}

/**
 * The tenant's or staff's settlement (the console's too): `refundMinor` back to the payer, the
 * rest to the payee. All of the payer's money for the item back ends the trade as a return.
 */
export function settlementCall(trade: Trade, actor: "tenant" | "staff", refundMinor: bigint): PartyCall {
  decideOrThrow(trade.state, "settle", actor); // a trade in another state is a 409 before any amount is weighed
  const refundable = refundableMinor(trade);
  if (refundMinor > refundable) {
    throw AppError.field(
      "refundAmount",
      `At most ${formatMoney(refundable, trade.currency)}: what the payer paid into escrow for the ` +
        `item (the price and the payer's fees; shipping money went to the carrier).`,
    );
  }
  return {
    action: refundMinor === refundable ? "settleInFull" : "settle",
    details: { ...OFFER_CLOSED, settlementRefundMinor: refundMinor },
  };
}
