// Double-entry ledger: every money movement is a transfer whose postings sum to zero, written in
// the same transaction as the state change that causes it (decisions.md §4).
//
// Accounts are per trade. A posting's amount is what flows into that account (negative: out of it).
// `payer_funding`, `payer_refund` and `payee_bank` stand for money outside the service; `escrow`
// is what the service holds for the trade; `payee_payable`, `service_revenue` and
// `tenant_revenue` are owed to their holders once the trade settles. `payer_chargeback` is money a
// payer's bank took back (a chargeback), `chargeback_loss` the service's side of it.
import { randomUUID } from "node:crypto";
import type { LedgerKind, LedgerMovement } from "./ledger-kinds.ts";
import { refundableMinor, splitWithRefund } from "./settlement.ts";

export type LedgerAccount =
  | "payer_funding"
  | "payer_refund"
  | "payee_funding"
  | "escrow"
  | "payee_payable"
  | "payee_bank"
  | "service_revenue"
  | "tenant_revenue"
  | "carrier_payable"
  // A chargeback: what the payer's bank took back, and the service's loss that pays for it until
  // it is won (or recovered from the payee or tenant by finance).
  | "payer_chargeback"
  | "chargeback_loss"
  // The tenant's own bank (or its account at the rail): where its share of the fees went.
  | "tenant_bank";

export interface Posting {
  account: LedgerAccount;
  amountMinor: bigint;
}

export interface TradeAmounts {
  payerTotalMinor: bigint;
  shippingPayerMinor: bigint;
  payeePayoutMinor: bigint;
  serviceRevenueMinor: bigint;
  tenantRevenueMinor: bigint;
  /** Set by a settlement's transition: what goes back to the payer who keeps the item. */
  settlementRefundMinor?: bigint | null;
}

export interface Balances {
  escrow: bigint;
  payeePayable: bigint;
}

/** A label's price as its buyers share it: the payer's part (from escrow on delivery), the payee's. */
export interface LabelShares {
  payerShareMinor: bigint;
  payeeShareMinor: bigint;
}

/**
 * The postings of one movement; `balances` are the trade's accounts before it, `label` the label
 * a label movement pays for.
 */
export function postingsFor(
  movement: LedgerMovement,
  trade: TradeAmounts,
  balances: Balances,
  label?: LabelShares,
): Posting[] {
  switch (movement) {
    case "delivery_label":
    case "return_label": {
      if (!label) throw new Error(`A ${movement} movement needs its label`);
      // Delivery: the payer's share comes out of escrow and what is left of the payer's shipping
      // money goes back; the payee pays the rest. Return: the payer pays it all.
      if (movement === "delivery_label")
        return labelPostings(
          label.payerShareMinor,
          trade.shippingPayerMinor - label.payerShareMinor,
          label.payeeShareMinor,
          "payee_funding",
        );
      return labelPostings(0n, 0n, label.payerShareMinor, "payer_funding");
    }
    case "fundEscrow":
      return [
        { account: "payer_funding", amountMinor: -trade.payerTotalMinor },
        { account: "escrow", amountMinor: trade.payerTotalMinor },
      ];
    case "refundPayer":
      return [
        { account: "escrow", amountMinor: -balances.escrow },
        { account: "payer_refund", amountMinor: balances.escrow },
      ];
    case "settle": {
      // Escrow holds the split, plus the payer's shipping money if no label used it (delivery by
      // hand): that goes back to the payer. Anything else is a bug to stop at, not to absorb.
      const split = trade.payeePayoutMinor + trade.serviceRevenueMinor + trade.tenantRevenueMinor;
      const unusedShipping = balances.escrow - split;
      if (unusedShipping < 0n || unusedShipping > trade.shippingPayerMinor)
        throw new Error(`Escrow holds ${balances.escrow} but the trade splits ${split}`);
      return [
        { account: "escrow", amountMinor: -balances.escrow },
        { account: "payee_payable", amountMinor: trade.payeePayoutMinor },
        { account: "service_revenue", amountMinor: trade.serviceRevenueMinor },
        { account: "tenant_revenue", amountMinor: trade.tenantRevenueMinor },
        { account: "payer_refund", amountMinor: unusedShipping },
      ];
    }
    case "settleWithRefund": {
      // As settle, with the payer's refund taken as lib/money/settlement.ts says.
      if (trade.settlementRefundMinor === null || trade.settlementRefundMinor === undefined)
        throw new Error("A settlement needs its refund amount");
      const split = splitWithRefund({ ...trade, refundMinor: trade.settlementRefundMinor });
      const unusedShipping = balances.escrow - refundableMinor(trade);
      if (unusedShipping < 0n || unusedShipping > trade.shippingPayerMinor)
        throw new Error(`Escrow holds ${balances.escrow} but the trade settles ${refundableMinor(trade)}`);
      return [
        { account: "escrow", amountMinor: -balances.escrow },
        { account: "payee_payable", amountMinor: split.payeePayoutMinor },
        { account: "service_revenue", amountMinor: split.serviceRevenueMinor },
        { account: "tenant_revenue", amountMinor: split.tenantRevenueMinor },
        { account: "payer_refund", amountMinor: split.refundMinor + unusedShipping },
      ];
    }
    case "payout":
      return [
        { account: "payee_payable", amountMinor: -balances.payeePayable },
        { account: "payee_bank", amountMinor: balances.payeePayable },
      ];
  }
}

/**
 * A shipping label bought: the payer's share comes out of escrow (the shipping money paid with
 * the item), any unused part of that shipping money goes back to the payer, and the rest of the
 * price is paid by the buyer of the label (`partyAccount`) through its label payment.
 */
export function labelPostings(
  fromEscrowMinor: bigint,
  unusedShippingMinor: bigint,
  paidByPartyMinor: bigint,
  partyAccount: "payer_funding" | "payee_funding",
): Posting[] {
  return [
    { account: "escrow", amountMinor: -(fromEscrowMinor + unusedShippingMinor) },
    { account: "payer_refund", amountMinor: unusedShippingMinor },
    { account: partyAccount, amountMinor: -paidByPartyMinor },
    { account: "carrier_payable", amountMinor: fromEscrowMinor + paidByPartyMinor },
  ];
}

export function isBalanced(postings: Posting[]): boolean {
  return postings.reduce((sum, p) => sum + p.amountMinor, 0n) === 0n;
}

/** The balances after `postings` (so a transition with two movements reads the ledger once). */
export function afterPostings(balances: Balances, postings: Posting[]): Balances {
  const sum = (account: LedgerAccount) =>
    postings.filter((p) => p.account === account).reduce((total, p) => total + p.amountMinor, 0n);
  return { escrow: balances.escrow + sum("escrow"), payeePayable: balances.payeePayable + sum("payee_payable") };
}

/** A transfer as it is written: its id, its non-zero postings, and what of it refunds the payer. */
export interface TransferRows {
  id: string;
  kind: LedgerKind;
  postings: Posting[];
  refundMinor: bigint;
}

/**
 * The rows of a transfer, checked: it must balance, and a transfer in which nothing moves is not
 * written (null). What of it goes to payer_refund is a refund of the trade's escrow payment, which
 * the statement that writes the transfer records on the payment (lib/trades/store/effects.ts).
 */
export function transferRows(tradeId: string, kind: LedgerKind, postings: Posting[]): TransferRows | null {
  if (!isBalanced(postings)) throw new Error(`Unbalanced ${kind} transfer for trade ${tradeId}`);
  const nonZero = postings.filter((p) => p.amountMinor !== 0n);
  if (nonZero.length === 0) return null;
  const refundMinor = nonZero.filter((p) => p.account === "payer_refund").reduce((sum, p) => sum + p.amountMinor, 0n);
  return { id: randomUUID(), kind, postings: nonZero, refundMinor };
}
