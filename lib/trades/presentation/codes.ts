// The integer codes of the Trade response (spec 2.2/2.3 leaves them open; documented in the API
// reference). They never change meaning; new codes may be added.

export const ICON = {
  invitation: 1,
  payment: 2,
  label: 3,
  inTransit: 4,
  pickupPoint: 5,
  delivered: 6,
  accepted: 7,
  problem: 8,
  returning: 9,
  dispute: 10,
  cancelled: 11,
  payout: 12,
} as const;

export const ACTION = {
  pay: 1,
  acceptInvitation: 2,
  rejectInvitation: 3,
  buyDeliveryLabel: 4,
  acceptCondition: 5,
  rejectCondition: 6,
  buyReturnLabel: 7,
  acceptReturnedItem: 8,
  rejectReturnedItem: 9,
  abandon: 10,
  choosePayoutAccount: 11,
  takeItemBack: 12,
  disputeRejection: 13,
  // The price-reduction offer's steps (decisions.md §9). The hosted status page offers them in its
  // own offer section (it needs an amount and shows figures), so status.actions does not list them.
  makeOffer: 14,
  acceptOffer: 15,
  declineOffer: 16,
} as const;

export const TIMELINE_STATE = { done: 1, current: 2, coming: 3, skipped: 4 } as const;

export const LABEL_PAID_BY = { none: 0, payer: 1, payee: 2, shared: 3 } as const;

export type ActionName = keyof typeof ACTION;
export type ActionCode = (typeof ACTION)[ActionName];

/** The name of each action code: the key of the action's texts in lib/i18n. */
export const ACTION_NAME = Object.fromEntries(Object.entries(ACTION).map(([name, code]) => [code, name])) as Record<
  ActionCode,
  ActionName
>;

/** The name of a code read from outside (a form, an address), or undefined for one we do not have. */
export const actionName = (code: number): ActionName | undefined => ACTION_NAME[code as ActionCode];
