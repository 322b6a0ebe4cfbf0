// What each party sees as the trade's status (spec 2.2 `status`): a title, a sentence, the deadline
// that concerns them, and the actions they can take now. The words, in English and Danish, are in
// lib/i18n (trade.status, trade.actions); this file says which icon and actions go with each.
import { formatDateTime } from "../../dates.ts";
import { messagesFor, type PartyStatusText } from "../../i18n/index.ts";
import type { Locale } from "../../locale.ts";
import type { TradeState } from "../states.ts";
import { ACTION, ACTION_NAME, ICON, type ActionCode, type ActionName } from "./codes.ts";
import type { Role } from "../transition-table.ts";

interface StatusView {
  iconId: number;
  actions: ActionCode[];
  /** The party must do something now (even when it happens outside the API, e.g. hand in a parcel). */
  pending: boolean;
}

const v = (iconId: number, actions: ActionCode[] = [], pending = actions.length > 0): StatusView => ({
  iconId,
  actions,
  pending,
});

const VIEWS: Record<TradeState, Record<Role, StatusView>> = {
  Created: {
    payer: v(ICON.payment, [ACTION.pay, ACTION.acceptInvitation, ACTION.rejectInvitation], true),
    payee: v(ICON.invitation, [ACTION.abandon], false),
  },
  InvitationAccepted: {
    payer: v(ICON.payment, [ACTION.pay, ACTION.rejectInvitation], true),
    payee: v(ICON.invitation, [ACTION.abandon], false),
  },
  AwaitingShipment: {
    payer: v(ICON.payment),
    payee: v(ICON.label, [ACTION.buyDeliveryLabel], true),
  },
  LabelCreated: {
    payer: v(ICON.label),
    payee: v(ICON.label, [], true),
  },
  Sent: {
    payer: v(ICON.inTransit),
    payee: v(ICON.inTransit),
  },
  PickupReady: {
    payer: v(ICON.pickupPoint, [], true),
    payee: v(ICON.pickupPoint),
  },
  Delivered: {
    payer: v(ICON.delivered, [ACTION.acceptCondition, ACTION.rejectCondition], true),
    payee: v(ICON.delivered),
  },
  ConditionRejected: {
    payer: v(ICON.problem),
    payee: v(ICON.problem, [ACTION.takeItemBack, ACTION.disputeRejection], true),
  },
  ReturnAwaitingShipment: {
    payer: v(ICON.returning, [ACTION.buyReturnLabel], true),
    payee: v(ICON.returning),
  },
  ReturnLabelCreated: {
    payer: v(ICON.label, [], true),
    payee: v(ICON.returning),
  },
  ReturnSent: {
    payer: v(ICON.inTransit),
    payee: v(ICON.inTransit),
  },
  ReturnPickupReady: {
    payer: v(ICON.pickupPoint),
    payee: v(ICON.pickupPoint, [], true),
  },
  ReturnDelivered: {
    payer: v(ICON.delivered),
    payee: v(ICON.delivered, [ACTION.acceptReturnedItem, ACTION.rejectReturnedItem], true),
  },
  Disputed: {
    payer: v(ICON.dispute),
    payee: v(ICON.dispute),
  },
  Succeeded: {
    payer: v(ICON.accepted),
    payee: v(ICON.payout),
  },
  Released: {
    payer: v(ICON.accepted),
    payee: v(ICON.payout),
  },
  Cancelled: {
    payer: v(ICON.cancelled),
    payee: v(ICON.cancelled),
  },
  Returned: {
    payer: v(ICON.returning),
    payee: v(ICON.returning),
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

export function partyStatus(
  state: TradeState,
  role: Role,
  deadlineAt: Date | null,
  locale: Locale,
  options: { needsPayoutAccount?: boolean } = {},
): PartyStatusResponse {
  const view = VIEWS[state][role];
  const words = messagesFor(locale).trade;
  const text: PartyStatusText = words.status[state][role];
  const actionText: Record<ActionName, string> = words.actions;
  const actions = [...view.actions];
  let pending = view.pending;
  if (role === "payee" && state === "Succeeded" && options.needsPayoutAccount) {
    actions.push(ACTION.choosePayoutAccount);
    pending = true;
  }
  const deadline = text.deadline !== undefined && deadlineAt !== null ? { at: deadlineAt, text: text.deadline } : null;
  return {
    deadline: deadline ? deadline.at.toISOString() : null,
    deadlineDescription: deadline ? `${deadline.text} (${formatDateTime(deadline.at, "minute", locale)}).` : null,
    title: text.title,
    description: text.description,
    iconId: view.iconId,
    actions: actions.length ? actions.map((type) => ({ type, text: actionText[ACTION_NAME[type]] })) : null,
    hasPendingAction: pending,
  };
}
