// planTransition (lib/trades/plan-transition.ts) beside the transition table: for every rule, the
// plan moves the trade to the rule's state, writes one timeline entry and the rule's events in
// the trade's sequence, and splits the rule's ledger movements between the statement (those that
// need no balance) and the ones after it; an ended trade calls off its pending payments, a
// cancelled one frees its checkout keys. No database: a plan is data.
import { describe, expect, it } from "vitest";
import type { Trade } from "../../lib/db/generated/client.ts";
import { isBalanced } from "../../lib/money/ledger.ts";
import { planTransition } from "../../lib/trades/plan-transition.ts";
import { TERMINAL_STATES, type TradeState } from "../../lib/trades/states.ts";
import { TRANSITIONS, type Action, type TransitionRule } from "../../lib/trades/transition-table.ts";

const SETTINGS = {
  unpaidExpirySeconds: 604800,
  shipmentDeadlineSeconds: 432000,
  acceptanceDeadlineSeconds: 172800,
  returnShipmentDeadlineSeconds: 432000,
  returnAcceptanceDeadlineSeconds: 172800,
};
const NOW = new Date("2031-03-04T05:06:07.089Z");
// A label the payer's shipping money pays (delivery), or the payer pays (return).
const LABEL = { payerShareMinor: 4_900n, payeeShareMinor: 0n };

function tradeIn(state: TradeState, extra: Partial<Trade> = {}): Trade {
  return {
    id: "7d5f0a3e-0000-4000-8000-000000000001",
    tenantId: "tenant-1",
    mode: "test",
    referenceId: "ref-1",
    state,
    sequence: 7,
    currency: "DKK",
    payerMarketplaceUserId: "payer-1",
    payeeMarketplaceUserId: "payee-1",
    payerTotalMinor: 108_400n,
    shippingPayerMinor: 4_900n,
    payeePayoutMinor: 95_000n,
    serviceRevenueMinor: 2_000n,
    tenantRevenueMinor: 6_500n,
    settlementRefundMinor: null,
    offerRefundMinor: null,
    ...extra,
  } as Trade;
}

const RULES = Object.entries(TRANSITIONS).flatMap(([state, row]) =>
  Object.entries(row ?? {}).map(([action, rule]) => [state as TradeState, action as Action, rule!] as const),
);

function plan(state: TradeState, action: Action, rule: TransitionRule, extra: Partial<Trade> = {}) {
  return planTransition(rule, {
    trade: tradeIn(state, extra),
    settings: SETTINGS,
    action,
    actor: rule.actors[0]!,
    now: NOW,
    label: LABEL,
    details: rule.ledger.includes("settleWithRefund") ? { settlementRefundMinor: 1_000n } : {},
  });
}

describe("planTransition", () => {
  it.each(RULES)(
    "%s → %s: state, entry, events in sequence, and ledger split as the table says",
    (state, action, rule) => {
      const planned = plan(state, action, rule);
      expect(planned.columns.state).toBe(rule.to);
      expect(planned.entry).toMatchObject({ sequence: 8, action, fromState: state, toState: rule.to, details: null });
      expect(planned.events.map((event) => [event.eventName, event.sequence])).toEqual(
        rule.events.map((name, index) => [name, 8 + index]),
      );
      expect(planned.columns.sequence).toBe(7 + Math.max(1, rule.events.length));
      for (const event of planned.events) {
        expect(JSON.parse(event.payload)).toMatchObject({ metadata: { state: rule.to, previousState: state } });
      }
      // Every movement of the rule is written once: all by the statement, or all after it.
      if (planned.balanceMovements.length) {
        expect(planned.balanceMovements).toEqual(rule.ledger);
        expect(planned.transfers).toEqual([]);
      } else {
        expect(planned.transfers.map((t) => t.kind)).toEqual(rule.ledger);
      }
      for (const transfer of planned.transfers) expect(isBalanced(transfer.postings)).toBe(true);
      const ends = rule.to !== state && TERMINAL_STATES.has(rule.to);
      expect(planned.callsOffPendingPayments).toBe(ends);
      expect(planned.freesCheckoutKeys).toBe(rule.to === "Cancelled");
      // A plan that calls off payments writes no refund in the same statement (one update per payment row).
      if (ends) expect(planned.transfers).toEqual([]);
    },
  );

  it("writes funding escrow in the statement, with the trade's own amount", () => {
    const planned = plan("InvitationAccepted", "escrowPaid", TRANSITIONS.InvitationAccepted!.escrowPaid!);
    expect(planned.balanceMovements).toEqual([]);
    expect(planned.transfers.map((t) => [t.kind, t.postings, t.refundMinor])).toEqual([
      [
        "fundEscrow",
        [
          { account: "payer_funding", amountMinor: -108_400n },
          { account: "escrow", amountMinor: 108_400n },
        ],
        0n,
      ],
    ]);
  });

  it("leaves a movement that reads the balances, or an amount the transition sets, to after the statement", () => {
    const refund = plan("AwaitingShipment", "cancel", TRANSITIONS.AwaitingShipment!.cancel!);
    expect(refund.transfers).toEqual([]);
    expect(refund.balanceMovements).toEqual(["refundPayer"]);
    expect(refund.callsOffPendingPayments).toBe(true);
  });

  it("writes a movement that reads the balances in the statement when the request brings them", () => {
    const rule = TRANSITIONS.Delivered!.acceptCondition!;
    // Escrow holds the split and the payer's 4,900 of shipping that no label used.
    const balances = { escrow: 108_400n, payeePayable: 0n };
    const planned = planTransition(rule, {
      trade: tradeIn("Delivered"),
      settings: SETTINGS,
      action: "acceptCondition",
      actor: "payer",
      now: NOW,
      balances,
    });
    expect(planned.balanceMovements).toEqual([]);
    expect(planned.transfers.map((t) => [t.kind, t.postings, t.refundMinor])).toEqual([
      [
        "settle",
        [
          { account: "escrow", amountMinor: -108_400n },
          { account: "payee_payable", amountMinor: 95_000n },
          { account: "service_revenue", amountMinor: 2_000n },
          { account: "tenant_revenue", amountMinor: 6_500n },
          { account: "payer_refund", amountMinor: 4_900n },
        ],
        4_900n,
      ],
    ]);
    // Without them, or when the transition sets an amount the movement reads, it follows the statement.
    const without = planTransition(rule, {
      trade: tradeIn("Delivered"),
      settings: SETTINGS,
      action: "acceptCondition",
      actor: "payer",
      now: NOW,
    });
    expect(without.balanceMovements).toEqual(["settle"]);
    const settling = TRANSITIONS.ConditionRejected!.acceptOffer!;
    const withRefund = planTransition(settling, {
      trade: tradeIn("ConditionRejected"),
      settings: SETTINGS,
      action: "acceptOffer",
      actor: settling.actors[0]!,
      now: NOW,
      details: { settlementRefundMinor: 1_000n },
      balances,
    });
    expect(withRefund.transfers).toEqual([]);
    expect(withRefund.balanceMovements).toEqual(["settleWithRefund"]);
  });

  it("closes an open offer when the trade leaves its state, and records the entry's details", () => {
    const rule = TRANSITIONS.ConditionRejected!.acceptRejection!;
    const planned = planTransition(rule, {
      trade: tradeIn("ConditionRejected", { offerRefundMinor: 500n }),
      settings: SETTINGS,
      action: "acceptRejection",
      actor: rule.actors[0]!,
      now: NOW,
      entryDetails: { staffId: "s-1" },
    });
    expect(planned.columns).toMatchObject({ offerRefundMinor: null, offerMadeAt: null, state: rule.to });
    expect(planned.entry.details).toBe('{"staffId":"s-1"}');
  });

  it("sets the deadline of the state it enters, from the transition's time", () => {
    const planned = plan("InvitationAccepted", "escrowPaid", TRANSITIONS.InvitationAccepted!.escrowPaid!);
    expect(planned.columns).toMatchObject({
      deadlineAt: new Date(NOW.getTime() + SETTINGS.shipmentDeadlineSeconds * 1000),
      deadlineKind: "shipmentDeadlinePassed",
    });
  });
});
