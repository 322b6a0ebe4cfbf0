// What each ledger account and each ledger transfer kind means for a tenant's balance
// (decisions.md §9, docs/money.md "Balance"). Both tables are exhaustive over the ledger's own
// types, so a new account or kind does not compile until it is placed here.
import type { LedgerAccount } from "../money/ledger.ts";
import type { LedgerKind } from "../money/ledger-kinds.ts";

export const BALANCE_FIELDS = [
  "heldInEscrow",
  "payableToPayees",
  "refundsPending",
  "payableToCarriers",
  "tenantRevenue",
  "serviceFees",
] as const;
export type BalanceField = (typeof BALANCE_FIELDS)[number];

/**
 * The accounts the service holds money in for the tenant, and the balance field each one is.
 * The others (`null`) stand for money outside: what payers and payees paid in, what went back to
 * the payer, what reached the payee's bank. No account holds a refund that is decided but not yet
 * sent — a refund reaches `payer_refund` in the transaction that decides it — so `refundsPending`
 * is made of no account and is zero (docs/money.md says why it is still in the contract).
 */
export const FIELD_OF_ACCOUNT: Record<LedgerAccount, BalanceField | null> = {
  escrow: "heldInEscrow",
  payee_payable: "payableToPayees",
  carrier_payable: "payableToCarriers",
  tenant_revenue: "tenantRevenue",
  service_revenue: "serviceFees",
  payer_funding: null,
  payee_funding: null,
  payer_refund: null,
  payee_bank: null,
  // A chargeback is borne by the service until it is won or recovered: it moves no tenant money.
  payer_chargeback: null,
  chargeback_loss: null,
  tenant_bank: null,
};

export const BALANCE_ACCOUNTS = (Object.keys(FIELD_OF_ACCOUNT) as LedgerAccount[]).filter(
  (account) => FIELD_OF_ACCOUNT[account] !== null,
);

export const BALANCE_TRANSACTION_TYPES = [
  "funding",
  "refund",
  "payout",
  "label",
  "fee",
  "revenue",
  "settlement",
  "chargeback",
] as const;
export type BalanceTransactionType = (typeof BALANCE_TRANSACTION_TYPES)[number];

/**
 * `settle` is when a trade's fees become revenue and its payout becomes owed, hence `revenue`; a
 * settlement with a partial refund is `settlement`. `fee` is part of the contract for fees charged
 * apart from a trade; no kind writes one today. A `chargeback` (opened, or reversed when won) is
 * listed for the tenant to see, with no amount of theirs: the service bears it; its recovery from
 * the payee's part (staff's decision) lowers what is payable to payees.
 */
export const TYPE_OF_KIND: Record<LedgerKind, BalanceTransactionType> = {
  fundEscrow: "funding",
  refundPayer: "refund",
  settle: "revenue",
  settleWithRefund: "settlement",
  payout: "payout",
  delivery_label: "label",
  return_label: "label",
  chargeback: "chargeback",
  chargeback_reversal: "chargeback",
  // The payee's part taken back to pay for a lost chargeback: less is payable to payees.
  chargeback_recovery: "chargeback",
  tenant_fee_payout: "payout",
};

export function typeOfKind(kind: string): BalanceTransactionType {
  const type = TYPE_OF_KIND[kind as LedgerKind];
  // A kind missing here would make the balance transactions disagree with the balance: stop.
  if (!type) throw new Error(`Ledger kind ${JSON.stringify(kind)} has no balance transaction type`);
  return type;
}

export function kindsOfType(type: BalanceTransactionType): LedgerKind[] {
  return (Object.keys(TYPE_OF_KIND) as LedgerKind[]).filter((kind) => TYPE_OF_KIND[kind] === type);
}
