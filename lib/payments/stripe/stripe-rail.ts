// The Stripe payment rail (PAYMENT_RAIL=stripe), through the official `stripe` SDK. Stripe Connect
// with separate charges and transfers: the platform charges the payer through a Checkout Session
// (card and MobilePay, DKK and EUR), the payer pays on Stripe's page and comes back to ours;
// Stripe's signed webhooks name the session or its PaymentIntent, and applying them asks Stripe
// where the session stands (lib/payments/settle-rail-payment.ts). Every POST carries an
// idempotency key derived from our ids, so a retry after a crash never opens or charges twice.
// docs/payments.md maps each Stripe object onto ours.
import Stripe from "stripe";
import {
  RailCallbackRefused,
  type PaymentRail,
  type RailBalanceTransaction,
  type RailEvent,
  type RailPaymentStatus,
  type RailRefundStatus,
  type RailTry,
} from "../payment-rail.ts";
import { reachStripe, stripeAmount } from "./reach-stripe.ts";
import { stripeClient, stripeWebhookSecrets } from "./stripe-client.ts";
import { PAYOUT_KEY, stripePayouts } from "./stripe-payouts.ts";

/** Our payment's id in the metadata of the session and its PaymentIntent. */
const PAYMENT_KEY = "escrow_payment_id";
/** Our RailRefund's id in the metadata of a refund. */
const REFUND_KEY = "escrow_refund_id";

/** MobilePay takes DKK and EUR (and NOK, SEK); cards take every currency we use. */
function methodsFor(currency: string): ("card" | "mobilepay")[] {
  return ["DKK", "EUR"].includes(currency.toUpperCase()) ? ["card", "mobilepay"] : ["card"];
}

export const stripePaymentRail: PaymentRail = {
  name: "stripe",
  // Stripe in Denmark holds a connected account's funds for at most 90 days with manual payouts.
  holdBudgetDays: 90,

  async openPayment({ idempotencyKey, paymentId, amountMinor, currency, description, returnUrl, cancelUrl }) {
    const session = await reachStripe(() =>
      stripeClient().checkout.sessions.create(
        {
          mode: "payment",
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: currency.toLowerCase(),
                unit_amount: stripeAmount(amountMinor),
                product_data: { name: description },
              },
            },
          ],
          allowed_payment_method_types: methodsFor(currency),
          success_url: returnUrl,
          cancel_url: cancelUrl,
          client_reference_id: paymentId,
          metadata: { [PAYMENT_KEY]: paymentId },
          // Captured at payment: a card authorisation lapses long before a trade ends.
          payment_intent_data: { capture_method: "automatic", metadata: { [PAYMENT_KEY]: paymentId } },
        },
        { idempotencyKey },
      ),
    );
    if (!session.url) throw new Error(`Stripe opened Checkout Session ${session.id} without a page address`);
    return { railPaymentId: session.id, redirectUrl: session.url };
  },

  async paymentStatus(sessionId) {
    const session = await reachStripe(() =>
      stripeClient().checkout.sessions.retrieve(sessionId, { expand: ["payment_intent.latest_charge"] }),
    );
    return statusOfSession(session);
  },

  async closePayment(sessionId) {
    const stripe = stripeClient();
    const session = await reachStripe(() => stripe.checkout.sessions.retrieve(sessionId));
    // Only an open session can be expired; a complete one is settled by asking again after this.
    if (session.status === "open") await reachStripe(() => stripe.checkout.sessions.expire(sessionId));
  },

  async refund({ idempotencyKey, railPaymentId, amountMinor, refundId }) {
    const stripe = stripeClient();
    const session = await reachStripe(() => stripe.checkout.sessions.retrieve(railPaymentId));
    const intent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
    if (!intent) throw new Error(`Checkout Session ${railPaymentId} has no PaymentIntent to refund`);
    const refund = await reachStripe(() =>
      stripe.refunds.create(
        { payment_intent: intent, amount: stripeAmount(amountMinor), metadata: { [REFUND_KEY]: refundId } },
        { idempotencyKey },
      ),
    );
    return { railRefundId: refund.id, status: refundStatusOf(refund) };
  },

  async refundStatus(railRefundId) {
    return refundStatusOf(await reachStripe(() => stripeClient().refunds.retrieve(railRefundId)));
  },

  readCallback(rawBody, headers) {
    // The platform's endpoint and the Connect endpoint (connected accounts' events: payouts) each
    // have their own signing secret; an event signed with either is Stripe's.
    const signature = headers.get("stripe-signature") ?? "";
    let refusal = "no signing secret is set";
    for (const secret of stripeWebhookSecrets()) {
      try {
        return eventSubject(stripeClient().webhooks.constructEvent(rawBody, signature, secret));
      } catch (error) {
        refusal = (error as Error).message;
      }
    }
    throw new RailCallbackRefused(`Stripe's signature does not verify: ${refusal}`);
  },

  ...stripePayouts,

  async *balanceTransactions({ from, to }) {
    const created = { gte: Math.floor(from.getTime() / 1000), lt: Math.floor(to.getTime() / 1000) };
    // The SDK pages through the list (newest first) with starting_after; each page is reached as any call is.
    let startingAfter: string | undefined;
    for (;;) {
      const page = await reachStripe(() =>
        stripeClient().balanceTransactions.list({
          created,
          limit: 100,
          ...(startingAfter && { starting_after: startingAfter }),
        }),
      );
      for (const transaction of page.data) yield balanceTransactionOf(transaction);
      if (!page.has_more || page.data.length === 0) return;
      startingAfter = page.data.at(-1)!.id;
    }
  },

  async disputeStatus(disputeId) {
    const dispute = await reachStripe(() =>
      stripeClient().disputes.retrieve(disputeId, { expand: ["payment_intent"] }),
    );
    const intent = typeof dispute.payment_intent === "object" ? dispute.payment_intent : null;
    return {
      paymentId: intent?.metadata?.[PAYMENT_KEY] ?? null,
      amountMinor: BigInt(dispute.amount),
      currency: dispute.currency.toUpperCase(),
      reason: dispute.reason,
      // warning_* and needs_response/under_review are all still open; Stripe's `won`/`lost` are final.
      state: dispute.status === "won" ? "won" : dispute.status === "lost" ? "lost" : "open",
    };
  },
};

/** Stripe's balance transaction types (and an adjustment's reporting category) in ours. */
function balanceTransactionOf(transaction: Stripe.BalanceTransaction): RailBalanceTransaction {
  const source = typeof transaction.source === "string" ? transaction.source : (transaction.source?.id ?? "");
  const kind = ((): RailBalanceTransaction["kind"] => {
    switch (transaction.type) {
      case "charge":
      case "payment":
        return "charge";
      case "refund":
      case "payment_refund":
        return "refund";
      case "transfer":
        return "transfer";
      case "transfer_refund":
        return "transfer_reversal";
      case "adjustment":
        if (transaction.reporting_category === "dispute") return "chargeback";
        if (transaction.reporting_category === "dispute_reversal") return "chargeback_reversal";
        return "other";
      default:
        return "other";
    }
  })();
  return {
    id: transaction.id,
    kind,
    sourceId: source,
    amountMinor: BigInt(transaction.amount),
    feeMinor: BigInt(transaction.fee),
    currency: transaction.currency.toUpperCase(),
    createdAt: new Date(transaction.created * 1000),
  };
}

function statusOfSession(session: Stripe.Checkout.Session): RailPaymentStatus {
  const intent = typeof session.payment_intent === "object" ? session.payment_intent : null;
  const charge = intent && typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  const tries: RailTry[] = [];
  if (charge && charge.status !== "pending")
    tries.push({
      id: charge.id,
      outcome: charge.status === "succeeded" ? "succeeded" : "declined_by_bank",
      method: methodOf(charge),
    });
  const charged = { amountMinor: BigInt(session.amount_total ?? 0), currency: session.currency ?? "" };
  if (session.status === "complete" && session.payment_status === "paid")
    return { state: "succeeded", tries, ...charged };
  if (session.status === "expired") return { state: "closed", tries, ...charged };
  return { state: intent?.status === "processing" ? "processing" : "open", tries, ...charged };
}

/** Stripe's refund statuses in ours: `requires_action` waits on the payer (a bank transfer back), like `pending`. */
function refundStatusOf(refund: Stripe.Refund): RailRefundStatus {
  switch (refund.status) {
    case "succeeded":
      return { state: "succeeded" };
    case "failed":
    case "canceled":
      return { state: "failed", reason: refund.failure_reason ?? refund.status };
    default:
      return { state: "pending" };
  }
}

/** What the payer paid with, as the console shows it: "card-4242", "mobilepay". */
function methodOf(charge: Stripe.Charge): string {
  const details = charge.payment_method_details;
  if (details?.type === "card" && details.card) return `card-${details.card.last4}`;
  return details?.type ?? "unknown";
}

/** Which of our objects an event is about; the event's own data is not used beyond that. */
function eventSubject(event: Stripe.Event): RailEvent {
  const object = event.data.object as { id: string; object: string; metadata?: Record<string, string> | null };
  if (object.object === "checkout.session") return { eventId: event.id, objectKind: "payment", objectId: object.id };
  const ours = object.metadata?.[PAYMENT_KEY];
  if (object.object === "payment_intent" && ours)
    return { eventId: event.id, objectKind: "our-payment", objectId: ours };
  if (object.object === "refund") return { eventId: event.id, objectKind: "refund", objectId: object.id };
  if (object.object === "dispute") return { eventId: event.id, objectKind: "dispute", objectId: object.id };
  const payout = object.metadata?.[PAYOUT_KEY];
  if (object.object === "payout" && payout) return { eventId: event.id, objectKind: "our-payout", objectId: payout };
  return { eventId: event.id, objectKind: "unhandled", objectId: object.id };
}
