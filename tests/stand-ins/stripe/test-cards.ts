// The payer's choices on the hosted page: Stripe's documented test cards (docs.stripe.com/testing)
// and MobilePay. Each says how the payment goes; all four cards are US-issued Visa credit cards.
import type { CardPricing } from "./fees.ts";

export type PaymentOutcome = "succeeds" | "declined" | "requires_authentication" | "succeeds_then_disputed";

export interface TestCard {
  number: string;
  last4: string;
  brand: "visa";
  country: string;
  funding: "credit";
  pricing: CardPricing;
  outcome: PaymentOutcome;
  label: string;
}

function visa(number: string, outcome: PaymentOutcome, label: string): TestCard {
  return {
    number,
    last4: number.slice(-4),
    brand: "visa",
    country: "US",
    funding: "credit",
    pricing: "international",
    outcome,
    label,
  };
}

export const TEST_CARDS: readonly TestCard[] = [
  visa("4242424242424242", "succeeds", "Pay with card 4242 4242 4242 4242"),
  visa("4000000000000002", "declined", "Pay with card 4000 0000 0000 0002"),
  visa("4000002500003155", "requires_authentication", "Pay with card 4000 0025 0000 3155"),
  visa("4000000000000259", "succeeds_then_disputed", "Pay with card 4000 0000 0000 0259"),
];

export function findTestCard(number: string): TestCard | undefined {
  const digits = number.replace(/\D/g, "");
  return TEST_CARDS.find((card) => card.number === digits);
}

/** Stripe's documented failing payout accounts (docs.stripe.com/connect/testing#payouts): the
 * EU test IBANs end 0532013001…0532013005 with any EU country code, other countries' test numbers
 * end 111111116, 111111113, 222222227, 333333335, 444444440. */
const FAILING_ACCOUNT_ENDINGS: ReadonlyArray<[string, string, string]> = [
  [
    "0532013001",
    "no_account",
    "The bank account details on file are probably incorrect. No bank account could be located with those details.",
  ],
  ["0532013002", "account_closed", "The bank account has been closed."],
  ["0532013003", "insufficient_funds", "Your Stripe account has insufficient funds to cover the payout."],
  ["0532013004", "debit_not_authorized", "Debit transactions are not approved on the bank account."],
  ["0532013005", "invalid_currency", "The bank was unable to process this payout because of its currency."],
  [
    "111111116",
    "no_account",
    "The bank account details on file are probably incorrect. No bank account could be located with those details.",
  ],
  ["111111113", "account_closed", "The bank account has been closed."],
  ["222222227", "insufficient_funds", "Your Stripe account has insufficient funds to cover the payout."],
  ["333333335", "debit_not_authorized", "Debit transactions are not approved on the bank account."],
  ["444444440", "invalid_currency", "The bank was unable to process this payout because of its currency."],
];

export function payoutFailureFor(accountNumber: string): { code: string; message: string } | null {
  const compact = accountNumber.replace(/\s/g, "");
  const match = FAILING_ACCOUNT_ENDINGS.find(([ending]) => compact.endsWith(ending));
  return match ? { code: match[1], message: match[2] } : null;
}
