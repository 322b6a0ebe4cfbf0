// SIMULATED payment rail: no money moves. References look like a provider's; outcomes are decided
// by the sandbox endpoint, or in the hosted pages by the test instrument the payer picks (like a
// card processor's test cards): one approves, one is declined, one asks the payer to confirm with
// their bank, and the wallet asks for approval in its app.
import { randomBytes } from "node:crypto";
import type { Authorization, PaymentMethodOption, PaymentRail, PayoutOutcome } from "./payment-rail.ts";

const reference = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** Payouts to an account number ending in these digits fail (docs/money.md, sandbox). */
export const FAILING_ACCOUNT_SUFFIX = "0002";
// The rail's memory of payout tries by idempotency key (a real rail keeps it on its side).
const payouts = new Map<string, PayoutOutcome>();

const METHODS: (PaymentMethodOption & { onAuthorize: Authorization })[] = [
  {
    id: "card-4242",
    kind: "card",
    brand: "Visa",
    last4: "4242",
    testBehaviour: "approved",
    onAuthorize: { status: "succeeded" },
  },
  {
    id: "card-3220",
    kind: "card",
    brand: "Visa",
    last4: "3220",
    testBehaviour: "confirmation",
    onAuthorize: { status: "requires_confirmation", by: "bank" },
  },
  {
    id: "card-0002",
    kind: "card",
    brand: "Mastercard",
    last4: "0002",
    testBehaviour: "declined",
    onAuthorize: { status: "declined", reason: "declined_by_bank" },
  },
  {
    id: "wallet",
    kind: "wallet",
    brand: "Mobile wallet",
    last4: null,
    testBehaviour: "confirmation",
    onAuthorize: { status: "requires_confirmation", by: "wallet" },
  },
];

export const simulatedPaymentRail: PaymentRail = {
  name: "simulated",
  async createPayment() {
    return { externalId: reference("simpay") };
  },
  paymentMethods() {
    return METHODS.map(({ onAuthorize: _, ...option }) => option);
  },
  async authorize({ methodId }) {
    const method = METHODS.find((m) => m.id === methodId);
    return method ? method.onAuthorize : { status: "declined", reason: "declined_by_bank" };
  },
  async confirm({ approved }) {
    return approved ? { status: "succeeded" } : { status: "declined", reason: "not_confirmed" };
  },
  async refund() {
    return { refundId: reference("simrefund") };
  },
  // A payout to an account number ending in 0002 is refused by the bank (like the declined test
  // card); any other succeeds. The same idempotency key always gets the same answer.
  async payout({ idempotencyKey, accountNumber }) {
    const known = payouts.get(idempotencyKey);
    if (known) return known;
    const outcome: PayoutOutcome = accountNumber.replace(/\s/g, "").endsWith(FAILING_ACCOUNT_SUFFIX)
      ? { status: "failed", reason: "The receiving bank refused the payout: the account is closed." }
      : { status: "paid", providerPayoutId: reference("simpayout") };
    payouts.set(idempotencyKey, outcome);
    return outcome;
  },
};
