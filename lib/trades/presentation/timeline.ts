// The steps of a trade as a party sees them (spec 2.2 `timeline`): what happened, what is
// happening now and what comes next, built from the phase timestamps and the state.
import type { Trade } from "../../db/generated/client.ts";
import { PHASE_OF, TERMINAL_STATES } from "../states.ts";
import { formatDate, ICON, TIMELINE_STATE, type Locale } from "./codes.ts";
import type { Role } from "./status.ts";

type Text = Record<Locale, string>;
const t = (en: string, da: string): Text => ({ en, da });

interface Step {
  id: number;
  title: Text;
  description: Record<Role, Text>;
  iconId: number;
  at: (trade: Trade) => Date | null;
}

const same = (text: Text): Record<Role, Text> => ({ payer: text, payee: text });

const DELIVERY_STEPS: Step[] = [
  { id: 1, title: t("Trade created", "Handel oprettet"), description: same(t("The seller offered the item.", "Sælger tilbød varen.")), iconId: ICON.invitation, at: (x) => x.contractStartedAt },
  { id: 2, title: t("Paid into escrow", "Betalt til escrow"), description: { payer: t("Your money is held safely.", "Dine penge holdes sikkert."), payee: t("The buyer's money is held safely.", "Købers penge holdes sikkert.") }, iconId: ICON.payment, at: (x) => x.contractPaidAt },
  { id: 3, title: t("Shipping label created", "Fragtlabel oprettet"), description: same(t("The parcel is ready to be handed in.", "Pakken er klar til at blive indleveret.")), iconId: ICON.label, at: (x) => x.deliveryPaidAt },
  { id: 4, title: t("Sent", "Sendt"), description: same(t("The carrier has the parcel.", "Fragtfirmaet har pakken.")), iconId: ICON.inTransit, at: (x) => x.sentAt },
  { id: 5, title: t("Delivered", "Leveret"), description: same(t("The parcel reached the buyer.", "Pakken nåede frem til køber.")), iconId: ICON.delivered, at: (x) => x.deliveredAt },
  { id: 6, title: t("Item accepted", "Vare godkendt"), description: same(t("The buyer accepted the item.", "Køber godkendte varen.")), iconId: ICON.accepted, at: (x) => x.approvedAt },
];

const RETURN_STEPS: Step[] = [
  { id: 7, title: t("Problem reported", "Problem anmeldt"), description: same(t("The buyer rejected the item.", "Køber afviste varen.")), iconId: ICON.problem, at: (x) => x.rejectedAt },
  { id: 8, title: t("Return agreed", "Retur aftalt"), description: same(t("The item goes back to the seller.", "Varen sendes tilbage til sælger.")), iconId: ICON.returning, at: (x) => x.returnStartedAt },
  { id: 9, title: t("Return label created", "Returlabel oprettet"), description: same(t("The return parcel is ready to be handed in.", "Returpakken er klar til at blive indleveret.")), iconId: ICON.label, at: (x) => x.returnPaidAt },
  { id: 10, title: t("Return sent", "Retur sendt"), description: same(t("The carrier has the return parcel.", "Fragtfirmaet har returpakken.")), iconId: ICON.inTransit, at: (x) => x.returnSentAt },
  { id: 11, title: t("Return delivered", "Retur leveret"), description: same(t("The parcel reached the seller.", "Pakken nåede frem til sælger.")), iconId: ICON.delivered, at: (x) => x.returnDeliveredAt },
];

function finalStep(trade: Trade): Step {
  switch (trade.state) {
    case "Cancelled":
      return { id: 12, title: t("Cancelled", "Annulleret"), description: same(t("The trade was cancelled; any payment was refunded.", "Handlen blev annulleret; en eventuel betaling blev refunderet.")), iconId: ICON.cancelled, at: (x) => x.cancelledAt };
    case "Returned":
      return { id: 12, title: t("Returned and refunded", "Returneret og refunderet"), description: same(t("The buyer got the money back.", "Køber fik pengene tilbage.")), iconId: ICON.returning, at: (x) => x.returnedAt };
    default:
      return { id: 12, title: t("Paid out", "Udbetalt"), description: { payer: t("The seller is paid.", "Sælger har fået pengene."), payee: t("The money is sent to your account.", "Pengene sendes til din konto.") }, iconId: ICON.payout, at: (x) => x.releasedAt };
  }
}

export interface TimelineEntryResponse {
  id: number;
  title: string;
  description: string;
  iconId: number;
  state: number;
  date: string;
  detailsTitle: string;
  detailsDeadlineDescription: string;
  detailsDescription: string;
}

export function partyTimeline(trade: Trade, role: Role, locale: Locale): TimelineEntryResponse[] {
  const inReturn = trade.rejectedAt !== null || PHASE_OF[trade.state] === "return";
  const steps = [...DELIVERY_STEPS.filter((s) => !(inReturn && s.id === 6)), ...(inReturn ? RETURN_STEPS : []), finalStep(trade)];
  const finished = TERMINAL_STATES.has(trade.state);
  let currentGiven = false;
  return steps.map((step) => {
    const at = step.at(trade);
    let state: number;
    if (at) state = TIMELINE_STATE.done;
    else if (finished) state = TIMELINE_STATE.skipped;
    else if (!currentGiven) {
      state = TIMELINE_STATE.current;
      currentGiven = true;
    } else state = TIMELINE_STATE.coming;
    const deadline = state === TIMELINE_STATE.current && trade.deadlineAt ? formatDate(trade.deadlineAt, locale) : "";
    return {
      id: step.id,
      title: step.title[locale],
      description: step.description[role][locale],
      iconId: step.iconId,
      state,
      date: at ? at.toISOString() : "",
      detailsTitle: step.title[locale],
      detailsDeadlineDescription: deadline ? (locale === "da" ? `Senest ${deadline}` : `By ${deadline}`) : "",
      detailsDescription: step.description[role][locale],
    };
  });
}
