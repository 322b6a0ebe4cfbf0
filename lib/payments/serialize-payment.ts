import type { z } from "zod";
import type { Payment } from "../db/generated/client.ts";
import { numberFromMinorUnits } from "../money/decimal.ts";
import type { PaymentRecord } from "./schemas.ts";

export function serializePayment(payment: Payment): z.input<typeof PaymentRecord> {
  return {
    externalId: payment.externalId,
    amount: numberFromMinorUnits(payment.amountMinor),
    isPaid: payment.state === "Paid" || payment.state === "Refunded",
    state: payment.state,
    paymentId: payment.id,
    purpose: payment.purpose,
  };
}
