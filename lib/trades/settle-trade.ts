// POST /v1/marketplace/trades/{t}/settle: the tenant settles a rejected or disputed item
// (decisions.md §9). The payer gets refundAmount back, the payee the rest (lib/money/settlement.ts),
// and the trade finishes Succeeded, or Returned when the whole of the payer's money goes back.
import type { TenantContext } from "../auth/authenticate.ts";
import { AppError } from "../errors.ts";
import { minorUnitsFromNumber } from "../money/decimal.ts";
import { tradeLocks } from "./store/lock.ts";
import { withLockedTrade } from "./with-locked-trade.ts";
import type { Locale } from "../locale.ts";
import { serializeTrade } from "./serialize-trade.ts";
import type { Tenant, Trade } from "../db/generated/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import { tenantNow } from "../clock.ts";
import { formatMoney } from "../money/format.ts";
import { refundableMinor } from "../money/settlement.ts";
import type { PartyCall } from "./act-on-trade.ts";
import { OFFER_CLOSED } from "./offer-state.ts";
import { decideOrThrow, refuseIfMovedSince } from "./transition.ts";

export interface SettleRequest {
  tenant: Tenant;
  /** The API token's mode; the console leaves it out (staff see both modes). */
  mode?: ApiMode;
  tradeId: string;
  actor: "tenant" | "staff";
  refundMinor: bigint;
  reason: string;
  /** The state the staff member saw: a trade settled meanwhile (an accepted offer) is not settled twice over. */
  expectedState?: string;
  /** Who did it, on the timeline entry (console staff). */
  by?: Record<string, string>;
  /** The tenant's clock (the API's request time); by default the trade's mode's. */
  now?: Date;
  withParts?: boolean;
}

/** The tenant's Settle trade and console staff's split: one use case. */
export function settle(request: SettleRequest) {
  const { tenant, tradeId, actor, refundMinor } = request;
  // The trade locked and read, so that a payer's answer to an offer and the settlement run one
  // after the other, and the second is judged on the trade the first left.
  return withLockedTrade(tradeLocks.ofTenant(tenant.id, tradeId, request.mode), async (trade, tx) => {
    if (request.expectedState !== undefined) refuseIfMovedSince(trade, request.expectedState);
    const call = settlementCall(trade, actor, refundMinor);
    return tx.transition({
      trade,
      settings: tenant,
      action: call.action,
      actor,
      now: request.now ?? tenantNow(tenant, trade.mode),
      details: call.details,
      entryDetails: { ...request.by, refundMinor: refundMinor.toString(), reason: request.reason },
      withParts: request.withParts,
    });
  });
}

/** POST /v1/marketplace/trades/{t}/settle: answers the settled Trade. */
export async function settleTrade(
  context: TenantContext & { now: Date; locale: Locale },
  tradeId: string,
  body: { refundAmount: number; reason: string },
) {
  const settled = await settle({
    tenant: context.tenant,
    mode: context.mode,
    tradeId,
    actor: "tenant",
    refundMinor: minorUnitsFromNumber(body.refundAmount),
    reason: body.reason,
    now: context.now,
    withParts: true,
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
