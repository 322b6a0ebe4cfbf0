// POST …/trades/{t}/offers: the payee of a rejected or disputed item offers to keep the deal for
// less (a refund of part of the payer's money); a new offer replaces an open one.
import { AppError } from "../errors.ts";
import type { Trade } from "../db/generated/client.ts";
import { formatMoney } from "../money/format.ts";
import { minorUnitsFromNumber } from "../money/decimal.ts";
import { refundableMinor } from "../money/settlement.ts";
import { actOnTrade, type Context, type PartyCall } from "./act-on-trade.ts";
import type { DeadlineSettings } from "./deadlines.ts";
import { hasOpenOffer } from "./offer-state.ts";
import type { Role } from "./transition-table.ts";
import { decideOrThrow } from "./transition.ts";

export function makeOfferCall(
  role: Role,
  trade: Trade,
  settings: DeadlineSettings,
  refundMinor: bigint,
  now: Date,
): PartyCall {
  decideOrThrow(trade.state, "makeOffer", role);
  const refundable = refundableMinor(trade);
  if (refundMinor <= 0n || refundMinor >= refundable) {
    throw AppError.field(
      "refundAmount",
      `More than 0 and less than ${formatMoney(refundable, trade.currency)} (the payer's money for ` +
        `the item); to give all of it back, take the item back instead.`,
    );
  }
  // The offer holds the trade's deadline: the payer has the acceptance deadline to answer, but
  // never longer than the trade would have waited anyway. The replaced deadline comes back when
  // the offer is declined or lapses.
  const resumeAt = hasOpenOffer(trade) ? trade.offerResumeDeadlineAt : trade.deadlineAt;
  const resumeKind = hasOpenOffer(trade) ? trade.offerResumeDeadlineKind : trade.deadlineKind;
  const answerBy = new Date(now.getTime() + settings.acceptanceDeadlineSeconds * 1000);
  const lapsesAt = resumeAt && resumeAt < answerBy ? resumeAt : answerBy;
  return {
    action: "makeOffer",
    details: {
      offerRefundMinor: refundMinor,
      offerMadeAt: now,
      offerLapsesAt: lapsesAt,
      offerResumeDeadlineAt: resumeAt,
      offerResumeDeadlineKind: resumeKind,
      deadlineAt: lapsesAt,
      deadlineKind: "lapseOffer",
    },
    entryDetails: { refundMinor: refundMinor.toString() },
  };
}

export function makeOffer(context: Context, marketplaceUserId: string, tradeId: string, refundAmount: number) {
  const refundMinor = minorUnitsFromNumber(refundAmount);
  return actOnTrade(context, marketplaceUserId, tradeId, (role, trade) =>
    makeOfferCall(role, trade, context.tenant, refundMinor, context.now),
  );
}
