// What tenant staff may do to a trade from the console, admins only: cancel it, decide a dispute
// (release to the payee, refund the payer, or split: part back to the payer), decide who bears a
// chargeback lost before the payout, and send one of its webhook events again. Each is a use case of lib/trades, the same the API calls, compared with
// the state the page showed; the timeline entry names the staff member.
import { AppError } from "../../errors.ts";
import { db } from "../../db/client.ts";
import type { ChargebackDecision } from "../../db/generated/enums.ts";
import { decideLostChargeback } from "../../payments/decide-lost-chargeback.ts";
import { cancelTrade } from "../../trades/cancel-trade.ts";
import { resolveDispute } from "../../trades/resolve-dispute.ts";
import { settle } from "../../trades/settle-trade.ts";
import { redeliverWebhookEvent } from "../../webhooks/event-log.ts";
import { assertAdmin, type StaffContext } from "../auth/staff-session.ts";

const by = (context: StaffContext) => ({ staffId: context.staff.id, staffEmail: context.staff.email });

/** The tenant's own cancel (lib/trades/cancel-trade.ts); `expectedState` is what the page showed. */
export async function staffCancelTrade(context: StaffContext, tradeId: string, expectedState: string) {
  assertAdmin(context);
  return cancelTrade({ tenant: context.tenant, tradeId, expectedState, by: by(context) });
}

/** A disputed trade decided all one way (lib/trades/resolve-dispute.ts); `expectedState` is what the page showed. */
export async function staffResolveDispute(
  context: StaffContext,
  tradeId: string,
  outcome: "release" | "refund",
  expectedState: string,
) {
  assertAdmin(context);
  return resolveDispute({ tenant: context.tenant, tradeId, outcome, expectedState, by: by(context) });
}

/**
 * A split: `refundMinor` back to the payer, the rest to the payee, as the tenant's Settle trade
 * does (lib/trades/settle-trade.ts). `expectedState` is what the page showed.
 */
export async function staffSettleTrade(
  context: StaffContext,
  tradeId: string,
  input: { refundMinor: bigint; reason: string; expectedState: string },
) {
  assertAdmin(context);
  const { trade } = await settle({ tenant: context.tenant, tradeId, actor: "staff", by: by(context), ...input });
  return { state: trade.state };
}

/** Who bears a chargeback lost before the payout (lib/payments/decide-lost-chargeback.ts). */
export async function staffDecideChargeback(
  context: StaffContext,
  tradeId: string,
  chargebackId: string,
  decision: ChargebackDecision,
) {
  assertAdmin(context);
  return decideLostChargeback({
    tenant: context.tenant,
    tradeId,
    chargebackId,
    decision,
    decidedBy: context.staff.email,
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
