// A refund: created `pending`, settled to `succeeded` by the stand-in a moment later.
import type Stripe from "stripe";
import { newId } from "../ids.ts";
import { fromFixture } from "./fixtures.ts";

export function buildRefund(input: {
  id?: string;
  amount: number;
  charge: Stripe.Charge;
  balanceTransaction: string;
  created: number;
  metadata: Record<string, string>;
  reason: Stripe.Refund.Reason | null;
  status: "pending" | "succeeded";
}): Stripe.Refund {
  return fromFixture<Stripe.Refund>("refund", {
    id: input.id ?? newId("re"),
    amount: input.amount,
    balance_transaction: input.balanceTransaction,
    charge: input.charge.id,
    created: input.created,
    currency: input.charge.currency,
    destination_details:
      input.charge.payment_method_details?.type === "card"
        ? ({
            card: {
              reference: null,
              reference_status: "pending",
              reference_type: "acquirer_reference_number",
              type: "refund",
            },
            type: "card",
          } as unknown as Stripe.Refund.DestinationDetails)
        : undefined,
    metadata: input.metadata,
    payment_intent: typeof input.charge.payment_intent === "string" ? input.charge.payment_intent : null,
    payment_method: typeof input.charge.payment_method === "string" ? input.charge.payment_method : null,
    reason: input.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: input.status,
    transfer_reversal: null,
  });
}
