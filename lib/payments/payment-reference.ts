// A payment's externalId (spec 2.5): our own reference, minted when the payment is created. The
// rail's ids come later, when the payer is sent to pay (Payment.railPaymentId), and may change
// (an expired rail payment is replaced), so the tenant never sees them.
import { randomBytes } from "node:crypto";

export const newPaymentReference = () => `pay_${randomBytes(12).toString("hex")}`;
