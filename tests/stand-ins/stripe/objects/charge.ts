// Charges: the card or MobilePay charge behind a PaymentIntent, and the "payment" (py_) a
// transfer lands as on the connected account.
import type Stripe from "stripe";
import { fingerprint, newId } from "../ids.ts";
import type { TestCard } from "../test-cards.ts";
import { fromFixture } from "./fixtures.ts";

export type ChargeMethod = { kind: "card"; card: TestCard; authenticated: boolean } | { kind: "mobilepay" };

export type ChargeResult =
  { kind: "succeeded" } | { kind: "failed"; code: string; declineCode: string | null; message: string };

function paymentMethodDetails(method: ChargeMethod, expYear: number): Stripe.Charge.PaymentMethodDetails {
  if (method.kind === "mobilepay") {
    return {
      mobilepay: { card: { brand: "visa", country: "DK", exp_month: 12, exp_year: expYear, last4: "4242" } },
      type: "mobilepay",
    } as Stripe.Charge.PaymentMethodDetails;
  }
  const { card } = method;
  return {
    card: {
      amount_authorized: null,
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: "pass" },
      country: card.country,
      exp_month: 12,
      exp_year: expYear,
      extended_authorization: { status: "disabled" },
      fingerprint: fingerprint(),
      funding: card.funding,
      incremental_authorization: { status: "unavailable" },
      installments: null,
      last4: card.last4,
      mandate: null,
      multicapture: { status: "unavailable" },
      network: "visa",
      network_token: { used: false },
      overcapture: { maximum_amount_capturable: 0, status: "unavailable" },
      three_d_secure: method.authenticated
        ? {
            authentication_flow: "challenge",
            electronic_commerce_indicator: "05",
            exemption_indicator: null,
            result: "authenticated",
            result_reason: null,
            transaction_id: null,
            version: "2.2.0",
          }
        : null,
      wallet: null,
    },
    type: "card",
  } as unknown as Stripe.Charge.PaymentMethodDetails;
}

function outcome(result: ChargeResult): Stripe.Charge.Outcome {
  if (result.kind === "succeeded") {
    return {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: "approved_by_network",
      reason: null,
      risk_level: "normal",
      risk_score: 20,
      seller_message: "Payment complete.",
      type: "authorized",
    } as Stripe.Charge.Outcome;
  }
  return {
    advice_code: null,
    network_advice_code: null,
    network_decline_code: null,
    network_status: "declined_by_network",
    reason: result.declineCode ?? "generic_decline",
    risk_level: "normal",
    risk_score: 20,
    seller_message: "The bank did not return any further details with this decline.",
    type: "issuer_declined",
  } as Stripe.Charge.Outcome;
}

export function buildCharge(input: {
  paymentIntent: Stripe.PaymentIntent;
  method: ChargeMethod;
  result: ChargeResult;
  captured: boolean;
  balanceTransaction: string | null;
  paymentMethodId: string;
  created: number;
  publicUrl: string;
  id?: string;
}): Stripe.Charge {
  const { paymentIntent: intent, result } = input;
  const id = input.id ?? newId("ch");
  const succeeded = result.kind === "succeeded";
  const charge = fromFixture<Stripe.Charge>("charge", {
    id,
    amount: intent.amount,
    amount_captured: succeeded && input.captured ? intent.amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: input.balanceTransaction,
    billing_details: {
      address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
      email: "payer@example.com",
      name: null,
      phone: null,
      tax_id: null,
    },
    calculated_statement_descriptor: "STRIPE STAND-IN",
    captured: succeeded && input.captured,
    created: input.created,
    currency: intent.currency,
    customer: null,
    description: intent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: succeeded ? null : result.code,
    failure_message: succeeded ? null : result.message,
    fraud_details: {},
    livemode: false,
    // Stripe copies the PaymentIntent's metadata onto the charges it makes.
    metadata: { ...intent.metadata },
    on_behalf_of: null,
    outcome: outcome(result),
    paid: succeeded,
    payment_intent: intent.id,
    payment_method: input.paymentMethodId,
    payment_method_details: paymentMethodDetails(input.method, new Date().getUTCFullYear() + 3),
    receipt_email: null,
    receipt_number: null,
    receipt_url: `${input.publicUrl}/receipts/payment/${id}`,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: succeeded ? "succeeded" : "failed",
    transfer_data: null,
    transfer_group: intent.transfer_group,
  });
  // Since API version 2022-11-15 a charge lists its refunds only when `refunds` is expanded.
  delete (charge as Partial<Stripe.Charge>).refunds;
  return charge;
}

/** The payment (py_) a transfer becomes on the destination account. */
export function buildDestinationPayment(input: {
  amount: number;
  currency: string;
  created: number;
  balanceTransaction: string;
  transfer: string;
  platformAccount: string;
}): Stripe.Charge {
  const charge = fromFixture<Stripe.Charge>("charge", {
    id: newId("py"),
    amount: input.amount,
    amount_captured: input.amount,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: input.balanceTransaction,
    billing_details: {
      address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
      email: null,
      name: null,
      phone: null,
      tax_id: null,
    },
    calculated_statement_descriptor: null,
    captured: true,
    created: input.created,
    currency: input.currency,
    description: null,
    disputed: false,
    failure_code: null,
    failure_message: null,
    metadata: {},
    outcome: null,
    paid: true,
    payment_intent: null,
    payment_method: null,
    payment_method_details: { stripe_account: {}, type: "stripe_account" } as Stripe.Charge.PaymentMethodDetails,
    receipt_url: null,
    refunded: false,
    source: null,
    source_transfer: input.transfer,
    status: "succeeded",
    transfer_data: null,
    transfer_group: null,
  });
  delete (charge as Partial<Stripe.Charge>).refunds;
  return charge;
}
