// What tenant staff may do to a trade from the console, admins only: cancel it (the API's cancel,
// the same use case: before the parcel is sent, a paid trade refunded), decide a dispute (release to the
// payee, refund the payer, or split: part back to the payer), and send one of its webhook events again. Each goes through the
// transition table like every other change, and the timeline entry names the staff member.
import { AppError } from "../../errors.ts";
import { tenantNow } from "../../clock.ts";
import { db } from "../../db/client.ts";
import { inTransaction, type Sql } from "../../db/sql.ts";
import { cancelTrade } from "../../trades/cancel-trade.ts";
import { lockTenantTradeRow } from "../../trades/store/lock.ts";
import { settlementCall } from "../../trades/settle-trade.ts";
import { transitionTrade } from "../../trades/transition-trade.ts";
import { redeliverWebhookEvent } from "../../webhooks/event-log.ts";
import { assertAdmin, type StaffContext } from "../auth/staff-session.ts";

const by = (context: StaffContext) => ({ staffId: context.staff.id, staffEmail: context.staff.email });

// Staff see both modes, so the trade is the tenant's in either (a 404 otherwise). Each action runs on
// the driver like the API's: the trade locked and read in one statement, then its transition.
const lockedTrade = (q: Sql, context: StaffContext, tradeId: string) =>
  lockTenantTradeRow(q, context.tenant.id, tradeId);

/** The tenant's own cancel (lib/trades/cancel-trade.ts); `expectedState` is what the page showed. */
export async function staffCancelTrade(context: StaffContext, tradeId: string, expectedState: string) {
  assertAdmin(context);
  return cancelTrade({ tenant: context.tenant, tradeId, expectedState, by: by(context) });
}

export async function staffResolveDispute(context: StaffContext, tradeId: string, outcome: "release" | "refund") {
  assertAdmin(context);
  return inTransaction(async (q) => {
    const trade = await lockedTrade(q, context, tradeId);
    const { trade: moved } = await transitionTrade(q, {
      trade,
      settings: context.tenant,
      action: outcome === "release" ? "resolveRelease" : "resolveRefund",
      actor: "staff",
      now: tenantNow(context.tenant, trade.mode),
      entryDetails: by(context),
    });
    return { state: moved.state };
  });
}

/**
 * A split: `refundMinor` back to the payer, the rest to the payee (lib/money/settlement.ts), as the
 * tenant's Settle trade does. `expectedState` is what the page showed, so a trade the payer settled
 * meanwhile (an accepted offer) is not settled twice over.
 */
export async function staffSettleTrade(
  context: StaffContext,
  tradeId: string,
  input: { refundMinor: bigint; reason: string; expectedState: string },
) {
  assertAdmin(context);
  return inTransaction(async (q) => {
    const trade = await lockedTrade(q, context, tradeId);
    if (trade.state !== input.expectedState)
      throw new AppError(
        "invalid-state",
        `The trade is now \`${trade.state}\`, not \`${input.expectedState}\`: look at it again.`,
      );
    const call = settlementCall(trade, "staff", input.refundMinor);
    const { trade: moved } = await transitionTrade(q, {
      trade,
      settings: context.tenant,
      action: call.action,
      actor: "staff",
      now: tenantNow(context.tenant, trade.mode),
      details: call.details,
      entryDetails: { ...by(context), refundMinor: input.refundMinor.toString(), reason: input.reason },
    });
    return { state: moved.state };
  });
}

export async function staffRedeliverEvent(context: StaffContext, eventId: string) {
  assertAdmin(context);
  const event = await db.outboxEvent.findFirst({
    where: { id: eventId, tenantId: context.tenant.id },
    select: { mode: true },
  });
  if (!event) throw AppError.notFound(`Event ${JSON.stringify(eventId)}`);
  return redeliverWebhookEvent({ tenant: context.tenant, mode: event.mode, tokenId: "console" }, eventId);
}
