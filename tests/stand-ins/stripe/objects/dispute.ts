// A dispute opened by the cardholder's bank on a charge (test card 4000 0000 0000 0259 disputes
// as fraudulent).
import type Stripe from "stripe";
import { newId } from "../ids.ts";
import { fromFixture } from "./fixtures.ts";

const DAY = 24 * 60 * 60;

export function buildDispute(input: {
  charge: Stripe.Charge;
  created: number;
  balanceTransaction: Stripe.BalanceTransaction;
}): Stripe.Dispute {
  const { charge } = input;
  const card = charge.payment_method_details?.card;
  const dispute = fromFixture<Stripe.Dispute>("dispute", {
    id: newId("dp"),
    amount: charge.amount,
    balance_transactions: [input.balanceTransaction],
    charge: charge.id,
    created: input.created,
    currency: charge.currency,
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: typeof charge.payment_intent === "string" ? charge.payment_intent : null,
    payment_method_details: {
      card: { brand: card?.brand ?? "visa", case_type: "chargeback", network_reason_code: "10.4" },
      type: "card",
    } as Stripe.Dispute.PaymentMethodDetails,
    reason: "fraudulent",
    status: "needs_response",
  });
  dispute.evidence_details = {
    ...dispute.evidence_details,
    due_by: input.created + 7 * DAY,
    has_evidence: false,
    past_due: false,
    submission_count: 0,
  };
  return dispute;
}
