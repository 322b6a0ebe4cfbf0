import type { z } from "zod";
import type { Payment } from "../db/generated/client.ts";
import { numberFromMinorUnits } from "../money/decimal.ts";
import type { PaymentRecord } from "./schemas.ts";

export function serializePayment(payment: Payment): z.input<typeof PaymentRecord> {
  return {
    externalId: payment.externalId,
    amount: numberFromMinorUnits(payment.amountMinor),
    // Money that came back to the payer does not make the payment unpaid: it was paid, then refunded.
    isPaid: payment.state === "Paid" || payment.state === "PartiallyRefunded" || payment.state === "Refunded",
    state: payment.state,
    refundedAmount: numberFromMinorUnits(payment.refundedMinor),
    paymentId: payment.id,
    purpose: payment.purpose,
  };
}
