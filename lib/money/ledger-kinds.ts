// The names of the ledger's transfers: every one is a movement a row of the transition table causes
// (lib/trades/transition-table.ts names them per row), the label purchases included. They live
// here, with the ledger, so that money depends on nothing above it. The names are stored as the
// transfer's kind (and exported to finance), so they never change.

/** A movement the transition table can ask the ledger for. */
export type LedgerMovement =
  "fundEscrow" | "refundPayer" | "settle" | "settleWithRefund" | "payout" | "delivery_label" | "return_label";

/**
 * A chargeback is not a transition: the payer's bank takes the money back whatever the trade's
 * state (lib/payments/settle-rail-dispute.ts), and gives it back if the dispute is won. Lost before
 * the payout, staff may recover the payee's part to pay for it (`chargeback_recovery`,
 * lib/payments/decide-lost-chargeback.ts).
 */
export type ChargebackMovement = "chargeback" | "chargeback_reversal" | "chargeback_recovery";

/** The tenant's share of a released trade's fees sent to the tenant's own account (lib/payouts/send-tenant-fees.ts). */
export type TenantFeeMovement = "tenant_fee_payout";

/** Every kind `writeTransfer` writes. */
export type LedgerKind = LedgerMovement | ChargebackMovement | TenantFeeMovement;
