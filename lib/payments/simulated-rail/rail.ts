// SIMULATED payment rail: no money moves. It behaves as a real rail does (lib/payments/payment-rail.ts):
// a payment is opened at its bank (./bank.ts) and paid on the bank's page (app/sandbox-bank) with
// a test instrument, or decided by the sandbox's endpoint; the bank then sends a signed callback
// (./send-callback.ts) into the path every rail's callbacks take.
import { publicBaseUrl } from "../../config.ts";
import { RailCallbackRefused, type PaymentRail } from "../payment-rail.ts";
import {
  bankPaymentForStatus,
  expireBankPayment,
  findBankRefund,
  openBankPayment,
  refundBankPayment,
  statusOf,
} from "./bank.ts";
import { bankKeyOf } from "../bank-account.ts";
import { bankPayoutStatus, sendBankPayout, upsertPayeeAccount } from "./payees.ts";
import { bankDisputeStatus } from "./disputes.ts";
import { bankStatement } from "./statement.ts";
import { SIGNATURE_HEADER, signatureIsValid } from "./signing.ts";
import { readSimulatedEvent } from "./simulated-event.ts";

/** The bank's page of a payment, on this deployment. */
export const bankPagePath = (bankPaymentId: string) => `/sandbox-bank/${encodeURIComponent(bankPaymentId)}`;

export const simulatedPaymentRail: PaymentRail = {
  name: "simulated",
  // As long as the rail we are most likely to meet first (Stripe in Denmark, manual payouts).
  holdBudgetDays: 90,
  async openPayment({ paymentId: _, ...input }) {
    const { id } = await openBankPayment(input);
    return { railPaymentId: id, redirectUrl: `${publicBaseUrl()}${bankPagePath(id)}` };
  },
  async paymentStatus(railPaymentId) {
    const payment = await bankPaymentForStatus(railPaymentId);
    if (!payment) throw new Error(`The simulated bank has no payment ${railPaymentId}`);
    return statusOf(payment);
  },
  async closePayment(railPaymentId) {
    await expireBankPayment(railPaymentId, new Date());
  },
  // The bank's refunds are paid back at once; its callback follows (./send-callback.ts), as a
  // real rail's would.
  async refund({ idempotencyKey, railPaymentId, amountMinor }) {
    const { id } = await refundBankPayment({ idempotencyKey, bankPaymentId: railPaymentId, amountMinor });
    // Imported here, not at the top: the callback's receiving path leads back to this rail
    // (lib/outside-parties.ts), so a static import would be a cycle.
    const { sendRefundCallback } = await import("./send-callback.ts");
    await sendRefundCallback(id);
    return { railRefundId: id, status: { state: "succeeded" } };
  },
  async refundStatus(railRefundId) {
    const refund = await findBankRefund(railRefundId);
    if (!refund) throw new Error(`The simulated bank has no refund ${railRefundId}`);
    return { state: "succeeded" };
  },
  readCallback(rawBody, headers) {
    if (!signatureIsValid(rawBody, headers.get(SIGNATURE_HEADER)))
      throw new RailCallbackRefused("The callback's signature is missing, wrong or too old.");
    const event = readSimulatedEvent(rawBody);
    if (!event) throw new RailCallbackRefused("The callback's body is not a simulated rail event.");
    return event;
  },
  // The payee's account at the bank holds the bank account they are paid to (./payees.ts).
  async preparePayee({ payee, bank }) {
    const railAccountId = await upsertPayeeAccount(payee.key, bank.accountNumber);
    return { railAccountId, bankKey: bankKeyOf(bank.accountNumber, bank.currency), railBankAccountId: railAccountId };
  },
  // No transfer step at the bank (there is no platform balance to move from); the payout is decided
  // at once and the bank's callback follows, as a real rail's would.
  async releaseToPayee({ tradeId, payoutId, railAccountId, amountMinor, currency }) {
    const { id, status } = await sendBankPayout({
      idempotencyKey: `payout-${payoutId}`,
      payeeAccountId: railAccountId,
      amountMinor,
      currency,
    });
    // Imported here for the same reason as in refund().
    const { sendPayoutCallback } = await import("./send-callback.ts");
    await sendPayoutCallback(id, payoutId);
    return { railTransferId: `simtransfer_${tradeId}`, status };
  },
  // The simulated bank keeps no platform balance to move fees from: the transfer is only named.
  async transferFees({ tradeId }) {
    return { railTransferId: `simfees_${tradeId}` };
  },
  // No transfer was made at the bank (see releaseToPayee): its reversal is only named, as the transfer is.
  async reverseTransfer({ tradeId }) {
    return { railReversalId: `simreversal_${tradeId}` };
  },
  async payoutStatus({ railPayoutId }) {
    return bankPayoutStatus(railPayoutId);
  },
  // The sandbox's chargebacks: disputes its endpoints open and decide at the bank (./disputes.ts).
  async disputeStatus(railDisputeId) {
    return bankDisputeStatus(railDisputeId, "simulated");
  },
  balanceTransactions: bankStatement,
};
