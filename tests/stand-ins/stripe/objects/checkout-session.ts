// A Checkout Session in `payment` mode, as Stripe returns it on creation: open, unpaid, and since
// API version 2022-08-01 without a PaymentIntent until the payer submits a payment method.
import type Stripe from "stripe";
import { newId } from "../ids.ts";
import { isJsonObject, type JsonObject } from "../json.ts";
import { optionalObject, optionalString } from "../params.ts";
import { fromFixture } from "./fixtures.ts";

export interface LineItemTotal {
  name: string;
  unitAmount: number;
  quantity: number;
  currency: string;
}

export function lineItemTotals(params: JsonObject): LineItemTotal[] {
  const items = Array.isArray(params.line_items) ? params.line_items.filter(isJsonObject) : [];
  return items.map((item) => {
    const priceData = optionalObject(item, "price_data") ?? {};
    const product = optionalObject(priceData, "product_data") ?? {};
    return {
      name: optionalString(product, "name") ?? "",
      unitAmount: typeof priceData.unit_amount === "number" ? priceData.unit_amount : 0,
      quantity: typeof item.quantity === "number" ? item.quantity : 1,
      currency: optionalString(priceData, "currency") ?? "",
    };
  });
}

/** The payment methods the stand-in's platform has enabled in its (imagined) Dashboard. */
export const ENABLED_PAYMENT_METHODS = ["card", "mobilepay"];

export function buildCheckoutSession(input: {
  params: JsonObject;
  created: number;
  expiresAt: number;
  publicUrl: string;
  amount: number;
  currency: string;
}): Stripe.Checkout.Session {
  const { params } = input;
  const id = newId("cs_test");
  const allowed = Array.isArray(params.allowed_payment_method_types)
    ? params.allowed_payment_method_types.map(String)
    : null;
  const excluded = Array.isArray(params.excluded_payment_method_types)
    ? params.excluded_payment_method_types.map(String)
    : [];
  // Since stripe-node 23 (API 2026-10-28) a session offers the methods the platform has enabled,
  // filtered by `allowed_payment_method_types`; older versions named them in
  // `payment_method_types`. The stand-in's platform has cards and MobilePay enabled.
  const paymentMethodTypes = Array.isArray(params.payment_method_types)
    ? params.payment_method_types.map(String)
    : ENABLED_PAYMENT_METHODS.filter(
        (type) => (allowed === null || allowed.includes(type)) && !excluded.includes(type),
      );
  return fromFixture<Stripe.Checkout.Session>("checkout.session", {
    id,
    adaptive_pricing: { enabled: false },
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: allowed,
    amount_subtotal: input.amount,
    amount_total: input.amount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: optionalString(params, "cancel_url"),
    client_reference_id: optionalString(params, "client_reference_id"),
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: input.created,
    currency: input.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: null,
    customer_creation: "if_required",
    customer_details: null,
    customer_email: optionalString(params, "customer_email"),
    discounts: [],
    expires_at: input.expiresAt,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: (optionalString(params, "locale") as Stripe.Checkout.Session.Locale | null) ?? null,
    metadata: (optionalObject(params, "metadata") as Record<string, string> | null) ?? {},
    mode: "payment",
    payment_intent: null,
    payment_link: null,
    payment_method_collection: "if_required",
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: paymentMethodTypes,
    payment_status: "unpaid",
    permissions: null,
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: "open",
    submit_type: null,
    subscription: null,
    success_url: optionalString(params, "success_url"),
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: "hosted",
    url: `${input.publicUrl}/c/pay/${id}`,
    wallet_options: null,
  });
}
