// The payment rail, an outside party (decisions.md §7): payments into escrow and for labels,
// refunds, payouts. The engine only talks to this interface; the simulated rail stands in for a
// real provider, which would replace it without touching the trade engine. A payment's outcome
// arrives later (the hosted page, the provider's callback, or the sandbox) and is applied by
// lib/payments/complete-payment.ts.

export interface PaymentRail {
  readonly name: string;
  /** Opens a payment the payer completes in the hosted page; returns the rail's reference. */
  createPayment(input: { amountMinor: bigint; currency: string; description: string }): Promise<{ externalId: string }>;
  refund(input: { externalId: string; amountMinor: bigint; currency: string }): Promise<{ refundId: string }>;
  payout(input: { amountMinor: bigint; currency: string; accountNumber: string; reference: string }): Promise<{ payoutId: string }>;
}
