// SIMULATED payment rail: no money moves. It behaves as a real rail does (lib/payments/payment-rail.ts):
// a payment is opened at its bank (./bank.ts) and paid on the bank's page (app/sandbox-bank) with
// a test instrument, or decided by the sandbox's endpoint; the bank then sends a signed callback
// (./send-callback.ts) into the path every rail's callbacks take.
import { randomBytes } from "node:crypto";
import { publicBaseUrl } from "../../config.ts";
import { RailCallbackRefused, type PaymentRail, type PayoutOutcome } from "../payment-rail.ts";
import {
  expireBankPayment,
  findBankPayment,
  findBankRefund,
  openBankPayment,
  refundBankPayment,
  statusOf,
} from "./bank.ts";
import { SIGNATURE_HEADER, signatureIsValid } from "./signing.ts";
import { readSimulatedEvent } from "./simulated-event.ts";

const reference = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** Payouts to an account number ending in these digits fail (docs/money.md, sandbox). */
export const FAILING_ACCOUNT_SUFFIX = "0002";
// The rail's memory of payout tries by idempotency key (a real rail keeps it on its side).
const payouts = new Map<string, PayoutOutcome>();

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
    const payment = await findBankPayment(railPaymentId);
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
