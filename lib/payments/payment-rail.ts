// The payment rail, an outside party (decisions.md §7): payments into escrow and for labels,
// refunds, payouts. The engine only talks to this interface; the simulated rail stands in for a
// real provider, which would replace it without touching the trade engine. A payment's outcome
// arrives later (the hosted page, the provider's callback, or the sandbox) and is applied by
// lib/payments/complete-payment.ts.

/** A way to pay that the hosted pages offer the payer. */
export interface PaymentMethodOption {
  id: string;
  kind: "card" | "wallet";
  /** Card brand or wallet name, e.g. "Visa". */
  brand: string;
  /** Last four digits of a card; null for a wallet. */
  last4: string | null;
  /** What a test instrument does (simulated rail only): shown to sandbox users. */
  testBehaviour: "approved" | "declined" | "confirmation" | null;
}

/**
 * The rail's answer to an authorisation: paid, refused, or waiting for the payer to confirm with
 * their bank (card step-up, e.g. 3-D Secure) or in their wallet app.
 */
export type Authorization =
  | { status: "succeeded" }
  | { status: "declined"; reason: "declined_by_bank" | "not_confirmed" }
  | { status: "requires_confirmation"; by: "bank" | "wallet" };

export interface PaymentRail {
  readonly name: string;
  /** Opens a payment the payer completes in the hosted page; returns the rail's reference. */
  createPayment(input: { amountMinor: bigint; currency: string; description: string }): Promise<{ externalId: string }>;
  /** The methods the payer may choose from. */
  paymentMethods(): PaymentMethodOption[];
  /**
   * Charges the payment with the chosen method. The payment's externalId is the idempotency key:
   * a second call for the same payment never charges again, it answers the first outcome.
   */
  authorize(input: {
    externalId: string;
    amountMinor: bigint;
    currency: string;
    methodId: string;
  }): Promise<Authorization>;
  /** The payer's answer to a requested confirmation. */
  confirm(input: { externalId: string; methodId: string; approved: boolean }): Promise<Authorization>;
  refund(input: { externalId: string; amountMinor: bigint; currency: string }): Promise<{ refundId: string }>;
  /**
   * Sends a payout to a bank account. `idempotencyKey` identifies the try: asked again with the
   * same key (a retry after a crash), the rail answers the first outcome and pays nothing more.
   * A failure is the bank's refusal (closed account, wrong number); a rail that cannot be reached
   * throws, and the try is retried with the same key.
   */
  payout(input: {
    idempotencyKey: string;
    amountMinor: bigint;
    currency: string;
    accountNumber: string;
    reference: string;
  }): Promise<PayoutOutcome>;
}

export type PayoutOutcome = { status: "paid"; providerPayoutId: string } | { status: "failed"; reason: string };
