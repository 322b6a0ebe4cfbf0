// Thousands of random action sequences over the transition table and the ledger recipes the
// engine uses, checking the money invariants after every step (issue 3: postings balance, escrow
// never negative, a finished trade's escrow is zero, the payer's money is fully accounted for),
// settlements and accepted price-reduction offers included (issue 17).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseDecimal } from "../../lib/money/decimal.ts";
import { computeTradeMoney } from "../../lib/money/fees.ts";
import { isBalanced, postingsFor, type Posting } from "../../lib/money/ledger.ts";
import { refundableMinor, splitWithRefund } from "../../lib/money/settlement.ts";
import { TERMINAL_STATES, type TradeState } from "../../lib/trades/states.ts";
import { decide } from "../../lib/trades/transition.ts";
import { TRANSITIONS, type Action, type Actor } from "../../lib/trades/transition-table.ts";

const ACTORS: Actor[] = ["payer", "payee", "tenant", "staff", "carrier", "paymentRail", "scheduler"];
const ACTIONS = [...new Set(Object.values(TRANSITIONS).flatMap((row) => Object.keys(row ?? {})))] as Action[];

const tradeArbitrary = fc.record({
  amountMinor: fc.bigInt({ min: 500n, max: 1_000_000_000n }),
  payerFee: fc.integer({ min: 0, max: 2000 }),
  payeeFee: fc.integer({ min: 0, max: 2000 }),
  payerFixedFeeMinor: fc.bigInt({ min: 0n, max: 10_000n }),
  shippingPayerMinor: fc.bigInt({ min: 0n, max: 20_000n }),
  deliveryLabelMinor: fc.bigInt({ min: 0n, max: 30_000n }),
  returnLabelMinor: fc.bigInt({ min: 0n, max: 30_000n }),
});

// A step is mostly one of the moves the current state allows (so sequences get far), sometimes
// any (action, actor) at all (which the table must refuse without moving money).
// `refund` picks a settlement's or an accepted offer's partial refund (0 ≤ refund < the item's money).
const stepArbitrary = fc.record({
  allowed: fc.integer({ min: 0, max: 9 }).map((n) => n > 0),
  pick: fc.nat(),
  choice: fc.nat(),
  action: fc.constantFrom(...ACTIONS),
  actor: fc.constantFrom(...ACTORS),
  refund: fc.bigInt({ min: 0n, max: 1n << 40n }),
});

function allowedMoves(state: TradeState): [Action, Actor][] {
  return Object.entries(TRANSITIONS[state] ?? {}).flatMap(([action, rule]) =>
    rule!.actors.map((actor) => [action as Action, actor] as [Action, Actor]),
  );
}

const reached = new Map<TradeState, number>();
let reachedSettled = 0;

describe("money invariants over random action sequences", () => {
  it("hold after every step of 3,000 random sequences (fixed seed, reproducible)", () => {
    fc.assert(
      fc.property(tradeArbitrary, fc.array(stepArbitrary, { minLength: 1, maxLength: 60 }), (input, steps) => {
        const money = computeTradeMoney(
          {
            amountMinor: input.amountMinor,
            payerFeePercent: parseDecimal((input.payerFee / 100).toFixed(2)),
            payerFixedFeeMinor: input.payerFixedFeeMinor,
            payeeFeePercent: parseDecimal((input.payeeFee / 100).toFixed(2)),
            payeeFixedFeeMinor: 0n,
            shippingPayerMinor: input.shippingPayerMinor,
          },
          {
            servicePayerFeePercent: parseDecimal("0"),
            servicePayerFixedMinor: 0n,
            servicePayeeFeePercent: parseDecimal("0"),
            servicePayeeFixedMinor: 0n,
          },
        );
        const balance = new Map<string, bigint>();
        const of = (account: string) => balance.get(account) ?? 0n;
        const post = (postings: Posting[]) => {
          expect(isBalanced(postings)).toBe(true);
          for (const p of postings) balance.set(p.account, of(p.account) + p.amountMinor);
        };
        let state: TradeState = "Created";
        let settlementRefundMinor: bigint | null = null;
        for (const step of steps) {
          // Three steps in four prefer moves that keep the trade going, so that the long paths
          // (payout, the return leg, disputes) are walked as often as the short cancellations.
          const all = allowedMoves(state);
          const onward = all.filter(([a]) => TRANSITIONS[state]?.[a]?.to !== "Cancelled");
          const moves = step.pick % 4 !== 0 && onward.length ? onward : all;
          const [action, actor] =
            step.allowed && moves.length ? moves[step.choice % moves.length]! : [step.action, step.actor];
          const decision = decide(state, action, actor);
          if (!decision.ok) continue; // refused: nothing moves
          const rule = decision.rule;
          // A label row's movement pays for the label, shared as lib/shipping/buy-shipment.ts shares it.
          const fromEscrow =
            input.deliveryLabelMinor < money.shippingPayerMinor ? input.deliveryLabelMinor : money.shippingPayerMinor;
          const label =
            action === "deliveryLabelCreated"
              ? { payerShareMinor: fromEscrow, payeeShareMinor: input.deliveryLabelMinor - fromEscrow }
              : { payerShareMinor: input.returnLabelMinor, payeeShareMinor: 0n };
          // A settlement or an accepted offer refunds part of the item's money, as the use cases allow.
          if (rule.ledger.includes("settleWithRefund")) settlementRefundMinor = step.refund % refundableMinor(money);
          for (const movement of rule.ledger) {
            post(
              postingsFor(
                movement,
                { ...money, settlementRefundMinor },
                { escrow: of("escrow"), payeePayable: of("payee_payable") },
                label,
              ),
            );
          }
          state = rule.to;

          expect(of("escrow") >= 0n).toBe(true);
          expect(of("payee_payable") >= 0n).toBe(true);
        }
        const payerPaid = -of("payer_funding");
        const accounted =
          of("escrow") +
          of("payee_payable") +
          of("payee_bank") +
          of("service_revenue") +
          of("tenant_revenue") +
          of("payer_refund") +
          of("carrier_payable") -
          -of("payee_funding");
        expect(accounted).toBe(payerPaid);
        reached.set(state, (reached.get(state) ?? 0) + 1);
        if (TERMINAL_STATES.has(state)) expect(of("escrow")).toBe(0n);
        if (state === "Released") {
          // Settled with a partial refund: the payee and the fees bear it as lib/money/settlement.ts says.
          const split = splitWithRefund({ ...money, refundMinor: settlementRefundMinor ?? 0n });
          expect(of("payee_bank")).toBe(split.payeePayoutMinor);
          expect(of("service_revenue")).toBe(split.serviceRevenueMinor);
          expect(of("tenant_revenue")).toBe(split.tenantRevenueMinor);
          expect(of("payee_bank") + of("service_revenue") + of("tenant_revenue") + (settlementRefundMinor ?? 0n)).toBe(
            money.payerTotalMinor - money.shippingPayerMinor,
          );
          if (settlementRefundMinor !== null) reachedSettled++;
        }
        if (state === "Cancelled" || state === "Returned") {
          expect(of("payee_bank") + of("payee_payable") + of("service_revenue") + of("tenant_revenue")).toBe(0n);
        }
      }),
      { numRuns: 3000, seed: 20261122 },
    );
    // The sequences really went everywhere: each way to finish was reached many times.
    console.log("Finished states reached:", Object.fromEntries(reached));
    for (const finished of ["Released", "Cancelled", "Returned"] as TradeState[])
      expect(reached.get(finished) ?? 0, finished).toBeGreaterThan(10);
    // Settlements and accepted offers were among them.
    expect(reachedSettled).toBeGreaterThan(10);
  });
});
