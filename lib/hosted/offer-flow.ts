// The price-reduction offer on the hosted status page (decisions.md §9): the payee offers to keep
// the deal for less, the payer accepts or declines. What each party would end up with is computed
// here from the same split the ledger uses (lib/money/settlement.ts), so the page never shows an
// amount the settlement would not pay. The forms go through the same calls as the API's offers.
import { minorUnitsFromText } from "../money/amount-text.ts";
import { refundableMinor, splitWithRefund, type SettlementSplit } from "../money/settlement.ts";
import type { Trade } from "../db/generated/client.ts";
import { applyPartyCall } from "../trades/act-on-trade.ts";
import { hasOpenOffer } from "../trades/offer-state.ts";
import type { Locale } from "../locale.ts";
import { ACTION } from "../trades/presentation/codes.ts";
import type { Role } from "../trades/transition-table.ts";
import { acceptOfferCall } from "../trades/accept-offer.ts";
import { declineOfferCall } from "../trades/decline-offer.ts";
import { makeOfferCall } from "../trades/make-offer.ts";
import { decide } from "../trades/transition.ts";
import type { TradeState } from "../trades/states.ts";
import type { ActionContext } from "./hosted-form-route.ts";
import type { HostedOutcome } from "./hosted-outcome.ts";
import { loadStatus } from "./status-flow.ts";

export type OfferAmount =
  { ok: true; refundMinor: bigint; split: SettlementSplit } | { ok: false; error: "amount_format" | "amount_range" };

/** The payee's typed amount, read in the page's locale and checked against what an offer may be. */
export function readOfferAmount(trade: Trade, text: string, locale: Locale): OfferAmount {
  const refundMinor = minorUnitsFromText(text, locale);
  if (refundMinor === null) return { ok: false, error: "amount_format" };
  // All of the item's money back is not a price reduction: that is taking the item back.
  if (refundMinor <= 0n || refundMinor >= refundableMinor(trade)) return { ok: false, error: "amount_range" };
  return { ok: true, refundMinor, split: splitWithRefund({ ...trade, refundMinor }) };
}

/** What the offer section of the page shows this party, or null when it shows nothing. */
export function offerView(trade: Trade, role: Role) {
  const open = hasOpenOffer(trade)
    ? {
        refundMinor: trade.offerRefundMinor!,
        lapsesAt: trade.offerLapsesAt,
        split: splitWithRefund({ ...trade, refundMinor: trade.offerRefundMinor! }),
      }
    : null;
  const state = trade.state as TradeState;
  if (role === "payee" && decide(state, "makeOffer", "payee").ok)
    return { role, open, maxMinor: refundableMinor(trade) - 1n };
  if (role === "payer" && open && decide(state, "acceptOffer", "payer").ok) return { role, open, maxMinor: null };
  return null;
}

export async function makeOfferOnStatusPage({
  session,
  form,
  now,
  locale,
}: ActionContext<"TradeStatus">): Promise<HostedOutcome> {
  const { trade, role } = await loadStatus(session, locale);
  if (!offerView(trade, role) || role !== "payee") return { back: true, error: "not_allowed" };
  // The amount comes back from the preview as plain decimal text, whatever the page's language.
  const amount = readOfferAmount(trade, String(form.get("refund") ?? ""), "en");
  if (!amount.ok) return { back: true, error: amount.error };
  await applyPartyCall(partyContext(session, now), session.marketplaceUserId, trade.id, (r, current) =>
    makeOfferCall(r, current, session.tenant, amount.refundMinor, now),
  );
  return { back: true, notice: ACTION.makeOffer };
}

export async function answerOfferOnStatusPage(
  { session, form, now, locale }: ActionContext<"TradeStatus">,
  answer: "accept" | "decline",
): Promise<HostedOutcome> {
  const { trade, role } = await loadStatus(session, locale);
  const view = offerView(trade, role);
  if (!view || role !== "payer") return { back: true, error: "no_offer" };
  // The payer answers the offer the page showed: if the payee replaced it meanwhile, they see the new one first.
  if (minorUnitsFromText(String(form.get("refund") ?? ""), "en") !== view.open!.refundMinor)
    return { back: true, error: "offer_changed" };
  const shown = view.open!.refundMinor;
  try {
    // The same call as the API's, on the row the transaction locks: accepting names the refund the
    // page showed (the engine refuses another); declining checks it here, since the API's decline
    // names none.
    await applyPartyCall(partyContext(session, now), session.marketplaceUserId, trade.id, (r, current) => {
      if (current.offerRefundMinor !== shown) throw new OfferChanged();
      return answer === "accept" ? acceptOfferCall(r, current, shown) : declineOfferCall(r, current);
    });
  } catch (error) {
    if (error instanceof OfferChanged) return { back: true, error: "offer_changed" };
    throw error;
  }
  return { back: true, notice: answer === "accept" ? ACTION.acceptOffer : ACTION.declineOffer };
}

class OfferChanged extends Error {}

const partyContext = (session: ActionContext["session"], now: Date) => ({
  tenant: session.tenant,
  mode: session.mode,
  now,
});
