// SIMULATED payment rail: no money moves. References look like a provider's; outcomes are decided
// by the sandbox endpoint or the simulated methods of the hosted pages.
import { randomBytes } from "node:crypto";
import type { PaymentRail } from "./payment-rail.ts";

const reference = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

export const simulatedPaymentRail: PaymentRail = {
  name: "simulated",
  async createPayment() {
    return { externalId: reference("simpay") };
  },
  async refund() {
    return { refundId: reference("simrefund") };
  },
  async payout() {
    return { payoutId: reference("simpayout") };
  },
};

/** The rail in use. One place to swap in a real provider. */
export const paymentRail: PaymentRail = simulatedPaymentRail;
