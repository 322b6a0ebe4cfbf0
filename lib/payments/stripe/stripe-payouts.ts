// Stripe Connect's side of a release (separate charges and transfers): each payee is a connected
// account (controlled by the platform: we collect what Stripe requires, no Stripe dashboard,
// manual payouts), opened with what the eID told us and the bank account from our payout account
// page as its external account. A release is a transfer from the escrow payment's charge
// (`source_transaction`, so it is funded by that very payment) to the payee's account, once per
// trade (looked for at Stripe before it is made, beyond the reach of its idempotency key), then a
// payout from that account to their bank, once per try. Every POST carries an idempotency key from
// our ids. docs/payments.md maps each object onto ours.
import Stripe from "stripe";
import { bankKeyOf } from "../bank-account.ts";
import {
  RailPayeeRefused,
  type PaymentRail,
  type RailBankAccount,
  type RailPayee,
  type RailPayoutStatus,
} from "../payment-rail.ts";
import { reachStripe, stripeAmount } from "./reach-stripe.ts";
import { stripeClient } from "./stripe-client.ts";

/** Our Payout try's id in the metadata of a Stripe payout: its events name it. */
export const PAYOUT_KEY = "escrow_payout_id";

/** How long to wait before asking again to pay out money that is not yet available (a charge's funds: days). */
const FUNDS_RETRY_MS = 6 * 60 * 60_000;

type PayoutMethods = Pick<
  PaymentRail,
  "preparePayee" | "releaseToPayee" | "transferFees" | "reverseTransfer" | "payoutStatus"
>;

export const stripePayouts: PayoutMethods = {
  async preparePayee({ payee, bank, known }) {
    const bankKey = bankKeyOf(bank.accountNumber, bank.currency);
    if (known && known.bankKey === bankKey) return known;
    const stripe = stripeClient();
    const railAccountId =
      known?.railAccountId ??
      (await refusable(() => stripe.accounts.create(connectedAccount(payee), { idempotencyKey: `payee-${payee.key}` })))
        .id;
    const added = await refusable(() =>
      stripe.accounts.createExternalAccount(
        railAccountId,
        { external_account: bankAccount(bank, payee), default_for_currency: true },
        { idempotencyKey: `payee-bank-${railAccountId}-${bankKey}` },
      ),
    );
    return { railAccountId, bankKey, railBankAccountId: added.id };
  },

  async releaseToPayee(input) {
    const stripe = stripeClient();
    const amount = stripeAmount(input.amountMinor);
    const currency = input.currency.toLowerCase();
    // Our record of the transfer, or Stripe's: one made by a try whose answer never reached us
    // (its idempotency key, forgotten after 24 hours, cannot be relied on for a late retry).
    let railTransferId = input.railTransferId ?? (await madeTransferOf(input.tradeId, input.railAccountId));
    if (!railTransferId) {
      const source = input.railPaymentId ? await chargeOfSession(input.railPaymentId) : null;
      const transfer = await reachStripe(() =>
        stripe.transfers.create(
          {
            amount,
            currency,
            destination: input.railAccountId,
            ...(source && { source_transaction: source }),
            transfer_group: `trade-${input.tradeId}`,
            metadata: { escrow_trade_id: input.tradeId },
          },
          { idempotencyKey: `transfer-trade-${input.tradeId}` },
        ),
      );
      railTransferId = transfer.id;
    }
    try {
      const payout = await reachStripe(() =>
        stripe.payouts.create(
          {
            amount,
            currency,
            destination: input.railBankAccountId,
            statement_descriptor: input.reference.slice(0, 22),
            metadata: { [PAYOUT_KEY]: input.payoutId },
          },
          { stripeAccount: input.railAccountId, idempotencyKey: `payout-${input.payoutId}-${input.waits}` },
        ),
      );
      return { railTransferId, status: statusOfPayout(payout) };
    } catch (error) {
      // The transfer's funds become available with the charge's (days): asked again later.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "balance_insufficient")
        return { railTransferId, status: { state: "waiting", retryAfterMs: FUNDS_RETRY_MS } };
      throw error;
    }
  },

  // The tenant's connected account is paid out on Stripe's own schedule (set at its creation).
  async transferFees({ tradeId, railAccountId, railPaymentId, amountMinor, currency }) {
    const source = railPaymentId ? await chargeOfSession(railPaymentId) : null;
    const transfer = await reachStripe(() =>
      stripeClient().transfers.create(
        {
          amount: stripeAmount(amountMinor),
          currency: currency.toLowerCase(),
          destination: railAccountId,
          ...(source && { source_transaction: source }),
          transfer_group: `trade-${tradeId}`,
          metadata: { escrow_trade_id: tradeId, escrow_purpose: "tenant_fees" },
        },
        { idempotencyKey: `fees-trade-${tradeId}` },
      ),
    );
    return { railTransferId: transfer.id };
  },

  // The reversal takes the money back from the payee's connected account to the platform's balance
  // (and refunds that part of the account's payment, as Stripe does for every reversal).
  async reverseTransfer({ railTransferId, amountMinor, tradeId, idempotencyKey }) {
    const reversal = await reachStripe(() =>
      stripeClient().transfers.createReversal(
        railTransferId,
        { amount: stripeAmount(amountMinor), metadata: { escrow_trade_id: tradeId } },
        { idempotencyKey },
      ),
    );
    return { railReversalId: reversal.id };
  },

  async payoutStatus({ railAccountId, railPayoutId }) {
    const payout = await reachStripe(() =>
      stripeClient().payouts.retrieve(railPayoutId, {}, { stripeAccount: railAccountId }),
    );
    return statusOfPayout(payout);
  },
};

/** The trade's transfer to the payee's account if Stripe made one (the tenant's fee transfer shares its group). */
async function madeTransferOf(tradeId: string, railAccountId: string): Promise<string | null> {
  const made = await reachStripe(() =>
    stripeClient().transfers.list({ transfer_group: `trade-${tradeId}`, destination: railAccountId, limit: 10 }),
  );
  return made.data.find((t) => t.metadata?.escrow_trade_id === tradeId && !t.metadata?.escrow_purpose)?.id ?? null;
}

function statusOfPayout(payout: Stripe.Payout): RailPayoutStatus {
  switch (payout.status) {
    case "paid":
      return { state: "paid", railPayoutId: payout.id };
    case "failed":
    case "canceled":
      return {
        state: "failed",
        reason: payout.failure_message ?? payout.failure_code ?? `The payout was ${payout.status}.`,
        railPayoutId: payout.id,
      };
    default:
      return { state: "pending", railPayoutId: payout.id };
  }
}

/** The charge of a paid Checkout Session: what a transfer is funded by. */
async function chargeOfSession(sessionId: string): Promise<string | null> {
  const session = await reachStripe(() =>
    stripeClient().checkout.sessions.retrieve(sessionId, { expand: ["payment_intent"] }),
  );
  const intent = typeof session.payment_intent === "object" ? session.payment_intent : null;
  const charge = intent?.latest_charge;
  return (typeof charge === "string" ? charge : charge?.id) ?? null;
}

function connectedAccount(payee: RailPayee): Stripe.AccountCreateParams {
  const address = payee.address && {
    line1: payee.address.line1,
    city: payee.address.city,
    postal_code: payee.address.postalCode,
    country: "DK",
  };
  const [firstName, lastName] = splitName(payee.name);
  return {
    country: "DK",
    controller: {
      fees: { payer: "application" },
      losses: { payments: "application" },
      requirement_collection: "application",
      stripe_dashboard: { type: "none" },
    },
    capabilities: { transfers: { requested: true } },
    business_type: payee.kind,
    ...(payee.kind === "individual"
      ? { individual: { first_name: firstName, last_name: lastName, ...(address && { address }) } }
      : {
          company: {
            name: payee.name,
            ...(payee.registrationNumber && { registration_number: payee.registrationNumber }),
            ...(address && { address }),
          },
        }),
    // A payee is paid out release by release (manual); a tenant's fees on Stripe's daily schedule.
    settings: { payouts: { schedule: { interval: payee.key.startsWith("tenant:") ? "daily" : "manual" } } },
    ...(payee.termsAccepted && {
      tos_acceptance: {
        date: Math.floor(payee.termsAccepted.at.getTime() / 1000),
        ...(payee.termsAccepted.ip && { ip: payee.termsAccepted.ip }),
      },
    }),
    metadata: { escrow_payee: payee.key },
  };
}

function bankAccount(bank: RailBankAccount, payee: RailPayee): Stripe.AccountCreateExternalAccountParams.BankAccount {
  const number = bank.accountNumber.replace(/\s/g, "");
  // An IBAN names its country; a Danish registration and account number is Danish.
  const country = /^[A-Z]{2}\d{2}/.test(number) ? number.slice(0, 2) : "DK";
  return {
    object: "bank_account",
    country,
    currency: bank.currency.toLowerCase(),
    account_number: number,
    account_holder_name: bank.holderName,
    account_holder_type: payee.kind === "company" ? "company" : "individual",
  };
}

/** "Anna Marie Jensen" → ["Anna Marie", "Jensen"]: Stripe asks for first and last names apart. */
function splitName(name: string): [string, string] {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return [words[0] ?? name, words[0] ?? name];
  return [words.slice(0, -1).join(" "), words.at(-1)!];
}

/** Stripe refusing what we sent about the payee (a bank account it cannot pay to) fails the try. */
async function refusable<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await reachStripe(call);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError)
      throw new RailPayeeRefused(`Stripe refused the payee's details: ${error.message}`);
    throw error;
  }
}
