// The actions a party's status offers (lib/trades/presentation/status.ts) and what the transition
// table lets that party do are two answers to "what may this party do now". This ties them: every
// offered action is one the table allows the party in that state, and every party action the table
// allows that has an action code is offered, except the few listed below with their reason.
import { describe, expect, it } from "vitest";
import { ACTION } from "../../lib/trades/presentation/codes.ts";
import { partyStatus } from "../../lib/trades/presentation/status.ts";
import type { Role } from "../../lib/trades/transition-table.ts";
import { TRADE_STATES, type TradeState } from "../../lib/trades/states.ts";
import { decide } from "../../lib/trades/transition.ts";
import type { Action, Actor } from "../../lib/trades/transition-table.ts";

type ActionCode = (typeof ACTION)[keyof typeof ACTION];

/** The table action (and who performs it) behind each code a status can offer. */
const TABLE_ACTION: Record<ActionCode, { action: Action; actor: (role: Role) => Actor } | null> = {
  // Paying is the payer's step; the transition it leads to is the payment rail's confirmation.
  [ACTION.pay]: { action: "escrowPaid", actor: (role) => (role === "payer" ? "paymentRail" : role) },
  [ACTION.acceptInvitation]: { action: "acceptInvitation", actor: (role) => role },
  [ACTION.rejectInvitation]: { action: "rejectInvitation", actor: (role) => role },
  [ACTION.buyDeliveryLabel]: { action: "buyDeliveryLabel", actor: (role) => role },
  [ACTION.acceptCondition]: { action: "acceptCondition", actor: (role) => role },
  [ACTION.rejectCondition]: { action: "rejectCondition", actor: (role) => role },
  [ACTION.buyReturnLabel]: { action: "buyReturnLabel", actor: (role) => role },
  [ACTION.acceptReturnedItem]: { action: "acceptReturnCondition", actor: (role) => role },
  [ACTION.rejectReturnedItem]: { action: "rejectReturnCondition", actor: (role) => role },
  [ACTION.abandon]: { action: "abandon", actor: (role) => role },
  [ACTION.takeItemBack]: { action: "acceptRejection", actor: (role) => role },
  [ACTION.disputeRejection]: { action: "disputeRejection", actor: (role) => role },
  // Not transitions of the trade's state: choosing a payout account is offered by the status when
  // the payee has none; the offer's steps have their own section on the hosted status page.
  [ACTION.choosePayoutAccount]: null,
  [ACTION.makeOffer]: null,
  [ACTION.acceptOffer]: null,
  [ACTION.declineOffer]: null,
};

/** Allowed by the table but deliberately not offered, each with the reason. */
const PAYER_WALKS_AWAY_BY_REJECTING =
  "Before payment the payer's way out is 'reject the invitation' (also Cancelled, and it " +
  "records invitationRejectedAt); offering 'cancel the trade' beside it would be two buttons " +
  "for one outcome.";
const NOT_OFFERED: { state: TradeState; role: Role; code: ActionCode; why: string }[] = [
  { state: "Created", role: "payer", code: ACTION.abandon, why: PAYER_WALKS_AWAY_BY_REJECTING },
  { state: "InvitationAccepted", role: "payer", code: ACTION.abandon, why: PAYER_WALKS_AWAY_BY_REJECTING },
];

const ROLES: Role[] = ["payer", "payee"];
const offered = (state: TradeState, role: Role) =>
  (partyStatus(state, role, null, "en").actions ?? []).map((action) => action.type as ActionCode);
const allowed = (state: TradeState, role: Role, code: ActionCode) => {
  const behind = TABLE_ACTION[code];
  return behind !== null && decide(state, behind.action, behind.actor(role)).ok;
};

describe("status actions and the transition table", () => {
  it("offer only what the table allows the party in that state", () => {
    const wrong = TRADE_STATES.flatMap((state) =>
      ROLES.flatMap((role) =>
        offered(state, role)
          .filter((code) => TABLE_ACTION[code] !== null && !allowed(state, role, code))
          .map((code) => `${state}/${role}: ${code}`),
      ),
    );
    expect(wrong).toEqual([]);
  });

  it("offer everything the table allows the party, except what is listed with a reason", () => {
    const codes = Object.values(ACTION) as ActionCode[];
    const missing = TRADE_STATES.flatMap((state) =>
      ROLES.flatMap((role) =>
        codes
          .filter((code) => allowed(state, role, code) && !offered(state, role).includes(code))
          .filter(
            (code) => !NOT_OFFERED.some((entry) => entry.state === state && entry.role === role && entry.code === code),
          )
          .map((code) => `${state}/${role}: ${code}`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it("lists no exception the table does not allow (so the list cannot go stale)", () => {
    expect(
      NOT_OFFERED.filter((entry) => !allowed(entry.state, entry.role, entry.code)).map(
        (entry) => `${entry.state}/${entry.role}: ${entry.code}`,
      ),
    ).toEqual([]);
  });
});
