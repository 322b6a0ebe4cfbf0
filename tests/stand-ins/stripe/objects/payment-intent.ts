// The PaymentIntent Checkout creates when the payer first submits a payment method.
import type Stripe from "stripe";
import { clientSecretFor, newId } from "../ids.ts";
import { fromFixture } from "./fixtures.ts";

export function buildPaymentIntent(input: {
  amount: number;
  currency: string;
  created: number;
  captureMethod: Stripe.PaymentIntent.CaptureMethod;
  metadata: Record<string, string>;
  transferGroup: string | null;
  description: string | null;
  paymentMethodTypes: string[];
}): Stripe.PaymentIntent {
  const id = newId("pi");
  return fromFixture<Stripe.PaymentIntent>("payment_intent", {
    id,
    amount: input.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: input.captureMethod,
    client_secret: clientSecretFor(id),
    confirmation_method: "automatic",
    created: input.created,
    currency: input.currency,
    customer: null,
    description: input.description,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: input.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: input.paymentMethodTypes,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: "requires_payment_method",
    transfer_data: null,
    transfer_group: input.transferGroup,
  });
}
