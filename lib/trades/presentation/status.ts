// What each party sees as the trade's status: a title, a sentence, the deadline that concerns
// them, and the actions they can take now (spec 2.2 `status`), in English and Danish.
import type { TradeState } from "../states.ts";
import { ACTION, formatDate, ICON, type Locale } from "./codes.ts";

export type Role = "payer" | "payee";

type Text = Record<Locale, string>;
type ActionCode = (typeof ACTION)[keyof typeof ACTION];

interface StatusView {
  title: Text;
  description: Text;
  iconId: number;
  actions: ActionCode[];
  /** The party must do something now (even when it happens outside the API, e.g. hand in a parcel). */
  pending: boolean;
  /** What happens when the trade's deadline passes, told to this party; null: no deadline shown. */
  deadline: Text | null;
}

const t = (en: string, da: string): Text => ({ en, da });
const v = (title: Text, description: Text, iconId: number, actions: ActionCode[] = [], pending = actions.length > 0, deadline: Text | null = null): StatusView => ({ title, description, iconId, actions, pending, deadline });

const ACTION_TEXT: Record<ActionCode, Text> = {
  [ACTION.pay]: t("Pay", "Betal"),
  [ACTION.acceptInvitation]: t("Accept", "Accepter"),
  [ACTION.rejectInvitation]: t("Decline", "Afvis"),
  [ACTION.buyDeliveryLabel]: t("Buy shipping label", "Køb fragtlabel"),
  [ACTION.acceptCondition]: t("Accept the item", "Godkend varen"),
  [ACTION.rejectCondition]: t("Report a problem", "Anmeld et problem"),
  [ACTION.buyReturnLabel]: t("Buy return label", "Køb returlabel"),
  [ACTION.acceptReturnedItem]: t("Accept the returned item", "Godkend den returnerede vare"),
  [ACTION.rejectReturnedItem]: t("Report a problem with the return", "Anmeld et problem med returen"),
  [ACTION.abandon]: t("Cancel the trade", "Annuller handlen"),
  [ACTION.choosePayoutAccount]: t("Choose payout account", "Vælg udbetalingskonto"),
  [ACTION.takeItemBack]: t("Take the item back", "Tag varen retur"),
  [ACTION.disputeRejection]: t("Dispute", "Gør indsigelse"),
  [ACTION.makeOffer]: t("Offer a price reduction", "Tilbyd et nedslag i prisen"),
  [ACTION.acceptOffer]: t("Accept the price reduction", "Accepter nedslaget i prisen"),
  [ACTION.declineOffer]: t("Decline the price reduction", "Afvis nedslaget i prisen"),
};

const waiting = t("Nothing to do right now.", "Du skal ikke gøre noget lige nu.");

const VIEWS: Record<TradeState, Record<Role, StatusView>> = {
  Created: {
    payer: v(t("Pay to secure your purchase", "Betal for at sikre dit køb"), t("Your money is held safely until you have received and accepted the item.", "Dine penge holdes sikkert, indtil du har modtaget og godkendt varen."), ICON.payment, [ACTION.pay, ACTION.acceptInvitation, ACTION.rejectInvitation], true, t("The trade expires if it is not paid", "Handlen udløber, hvis den ikke er betalt")),
    payee: v(t("Waiting for the buyer to pay", "Venter på, at køber betaler"), waiting, ICON.invitation, [ACTION.abandon], false),
  },
  InvitationAccepted: {
    payer: v(t("Complete your payment", "Gennemfør din betaling"), t("You accepted the trade; pay to secure the item.", "Du har accepteret handlen; betal for at sikre varen."), ICON.payment, [ACTION.pay, ACTION.rejectInvitation], true, t("The trade expires if it is not paid", "Handlen udløber, hvis den ikke er betalt")),
    payee: v(t("Waiting for the buyer to pay", "Venter på, at køber betaler"), waiting, ICON.invitation, [ACTION.abandon], false),
  },
  AwaitingShipment: {
    payer: v(t("Paid – waiting for the seller to ship", "Betalt – venter på, at sælger sender"), t("Your money is held safely in escrow.", "Dine penge holdes sikkert i escrow."), ICON.payment),
    payee: v(t("Ship the item", "Send varen"), t("The buyer has paid. Buy a shipping label and hand in the parcel.", "Køber har betalt. Køb en fragtlabel og indlever pakken."), ICON.label, [ACTION.buyDeliveryLabel], true, t("The trade is cancelled and the buyer refunded if the parcel is not sent", "Handlen annulleres og køber får pengene tilbage, hvis pakken ikke er sendt")),
  },
  LabelCreated: {
    payer: v(t("The seller is preparing the parcel", "Sælger gør pakken klar"), waiting, ICON.label),
    payee: v(t("Hand in the parcel", "Indlever pakken"), t("Your shipping label is ready. Hand the parcel to the carrier.", "Din fragtlabel er klar. Indlever pakken hos fragtfirmaet."), ICON.label, [], true, t("The trade is cancelled and the buyer refunded if the parcel is not sent", "Handlen annulleres og køber får pengene tilbage, hvis pakken ikke er sendt")),
  },
  Sent: {
    payer: v(t("Your item is on its way", "Din vare er på vej"), t("Follow the parcel with the tracking link.", "Følg pakken med sporingslinket."), ICON.inTransit),
    payee: v(t("The parcel is on its way", "Pakken er på vej"), waiting, ICON.inTransit),
  },
  PickupReady: {
    payer: v(t("Collect your parcel", "Hent din pakke"), t("The parcel is waiting at the pickup point.", "Pakken venter på udleveringsstedet."), ICON.pickupPoint, [], true),
    payee: v(t("The parcel is ready for pickup", "Pakken er klar til afhentning"), waiting, ICON.pickupPoint),
  },
  Delivered: {
    payer: v(t("Check the item", "Tjek varen"), t("Accept the item if it is as described, or report a problem.", "Godkend varen, hvis den er som beskrevet, eller anmeld et problem."), ICON.delivered, [ACTION.acceptCondition, ACTION.rejectCondition], true, t("The item is accepted automatically if you do nothing", "Varen godkendes automatisk, hvis du ikke gør noget")),
    payee: v(t("Delivered – waiting for the buyer", "Leveret – venter på køber"), t("You are paid when the buyer accepts the item.", "Du får pengene, når køber godkender varen."), ICON.delivered),
  },
  ConditionRejected: {
    payer: v(t("You reported a problem", "Du har anmeldt et problem"), t("The seller decides whether to take the item back.", "Sælger beslutter, om varen skal returneres."), ICON.problem),
    payee: v(t("The buyer reported a problem", "Køber har anmeldt et problem"), t("Take the item back, or dispute the buyer's report.", "Tag varen retur, eller gør indsigelse mod købers anmeldelse."), ICON.problem, [ACTION.takeItemBack, ACTION.disputeRejection], true, t("The return is accepted automatically if you do not answer", "Returen accepteres automatisk, hvis du ikke svarer")),
  },
  ReturnAwaitingShipment: {
    payer: v(t("Send the item back", "Send varen retur"), t("Buy a return label and hand in the parcel.", "Køb en returlabel og indlever pakken."), ICON.returning, [ACTION.buyReturnLabel], true, t("The seller is paid if the item is not sent back", "Sælger får pengene, hvis varen ikke sendes retur")),
    payee: v(t("Waiting for the return", "Venter på returen"), waiting, ICON.returning),
  },
  ReturnLabelCreated: {
    payer: v(t("Hand in the return parcel", "Indlever returpakken"), t("Your return label is ready.", "Din returlabel er klar."), ICON.label, [], true, t("The seller is paid if the item is not sent back", "Sælger får pengene, hvis varen ikke sendes retur")),
    payee: v(t("Waiting for the return", "Venter på returen"), waiting, ICON.returning),
  },
  ReturnSent: {
    payer: v(t("The return is on its way", "Returen er på vej"), waiting, ICON.inTransit),
    payee: v(t("The return is on its way", "Returen er på vej"), waiting, ICON.inTransit),
  },
  ReturnPickupReady: {
    payer: v(t("The return is at the pickup point", "Returen er på udleveringsstedet"), waiting, ICON.pickupPoint),
    payee: v(t("Collect the returned parcel", "Hent den returnerede pakke"), t("The parcel is waiting at the pickup point.", "Pakken venter på udleveringsstedet."), ICON.pickupPoint, [], true),
  },
  ReturnDelivered: {
    payer: v(t("The seller is checking the return", "Sælger tjekker returen"), t("You are refunded when the seller accepts the returned item.", "Du får pengene tilbage, når sælger godkender den returnerede vare."), ICON.delivered),
    payee: v(t("Check the returned item", "Tjek den returnerede vare"), t("Accept it to refund the buyer, or report a problem.", "Godkend den for at refundere køber, eller anmeld et problem."), ICON.delivered, [ACTION.acceptReturnedItem, ACTION.rejectReturnedItem], true, t("The return is accepted automatically if you do nothing", "Returen godkendes automatisk, hvis du ikke gør noget")),
  },
  Disputed: {
    payer: v(t("Under review", "Under behandling"), t("The marketplace is looking into the trade and will decide who receives the money.", "Markedspladsen undersøger handlen og beslutter, hvem der får pengene."), ICON.dispute),
    payee: v(t("Under review", "Under behandling"), t("The marketplace is looking into the trade and will decide who receives the money.", "Markedspladsen undersøger handlen og beslutter, hvem der får pengene."), ICON.dispute),
  },
  Succeeded: {
    payer: v(t("Completed", "Gennemført"), t("Thank you for trading safely.", "Tak for en sikker handel."), ICON.accepted),
    payee: v(t("Sold – payout on its way", "Solgt – udbetaling på vej"), t("Your money is being paid out.", "Dine penge bliver udbetalt."), ICON.payout),
  },
  Released: {
    payer: v(t("Completed", "Gennemført"), t("Thank you for trading safely.", "Tak for en sikker handel."), ICON.accepted),
    payee: v(t("Paid out", "Udbetalt"), t("The money has been sent to your account.", "Pengene er sendt til din konto."), ICON.payout),
  },
  Cancelled: {
    payer: v(t("Cancelled", "Annulleret"), t("If you had paid, your money has been refunded.", "Hvis du havde betalt, har du fået pengene tilbage."), ICON.cancelled),
    payee: v(t("Cancelled", "Annulleret"), t("The trade was cancelled.", "Handlen blev annulleret."), ICON.cancelled),
  },
  Returned: {
    payer: v(t("Returned – refunded", "Returneret – refunderet"), t("Your money has been refunded.", "Du har fået pengene tilbage."), ICON.returning),
    payee: v(t("Returned", "Returneret"), t("The item was returned and the buyer refunded.", "Varen blev returneret, og køber har fået pengene tilbage."), ICON.returning),
  },
};

export interface PartyStatusResponse {
  deadline: string | null;
  deadlineDescription: string | null;
  title: string;
  description: string | null;
  iconId: number | null;
  actions: { type: number; text: string }[] | null;
  hasPendingAction: boolean;
}

export function partyStatus(state: TradeState, role: Role, deadlineAt: Date | null, locale: Locale, options: { needsPayoutAccount?: boolean } = {}): PartyStatusResponse {
  const view = VIEWS[state][role];
  const actions = [...view.actions];
  let pending = view.pending;
  if (role === "payee" && state === "Succeeded" && options.needsPayoutAccount) {
    actions.push(ACTION.choosePayoutAccount);
    pending = true;
  }
  const showDeadline = view.deadline !== null && deadlineAt !== null;
  return {
    deadline: showDeadline ? deadlineAt.toISOString() : null,
    deadlineDescription: showDeadline ? `${view.deadline![locale]} (${formatDate(deadlineAt, locale)}).` : null,
    title: view.title[locale],
    description: view.description[locale],
    iconId: view.iconId,
    actions: actions.length ? actions.map((type) => ({ type, text: ACTION_TEXT[type][locale] })) : null,
    hasPendingAction: pending,
  };
}
