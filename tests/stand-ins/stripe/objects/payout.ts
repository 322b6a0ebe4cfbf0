// A manual payout from an account's available balance to its bank account.
import type Stripe from "stripe";
import { fromFixture } from "./fixtures.ts";

export function buildPayout(input: {
  id: string;
  amount: number;
  currency: string;
  created: number;
  arrivalDate: number;
  balanceTransaction: string;
  destination: string;
  description: string | null;
  metadata: Record<string, string>;
  statementDescriptor: string | null;
}): Stripe.Payout {
  return fromFixture<Stripe.Payout>("payout", {
    id: input.id,
    amount: input.amount,
    application_fee: null,
    application_fee_amount: null,
    arrival_date: input.arrivalDate,
    automatic: false,
    balance_transaction: input.balanceTransaction,
    created: input.created,
    currency: input.currency,
    description: input.description,
    destination: input.destination,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    livemode: false,
    metadata: input.metadata,
    method: "standard",
    original_payout: null,
    // Only automatic payouts are reconciled against the transactions they pay out.
    reconciliation_status: "not_applicable",
    reversed_by: null,
    source_type: "card",
    statement_descriptor: input.statementDescriptor,
    status: "pending",
    type: "bank_account",
    trace_id: { status: "pending", value: null },
  });
}
