// POST /v1/refunds and GET /v1/refunds/{refund}. A refund is `pending` when created and
// `succeeded` a moment later (settlementDelayMs), with the events Stripe sends at each step. The
// money leaves the balance at creation (one `refund` balance transaction, no fee returned).
import type Stripe from "stripe";
import { invalidRequest, resourceMissing } from "../errors.ts";
import type { JsonObject } from "../json.ts";
import { NO_REQUEST } from "../objects/event.ts";
import { buildRefund } from "../objects/refund.ts";
import { formatAmount, mergeMetadata, optionalString, positiveAmount } from "../params.ts";
import type { Caller, World } from "../world.ts";
import { newId } from "../ids.ts";

function chargeToRefund(world: World, caller: Caller, params: JsonObject): Stripe.Charge {
  const chargeId = optionalString(params, "charge");
  const intentId = optionalString(params, "payment_intent");
  if (chargeId && intentId) {
    throw invalidRequest("You cannot pass both `charge` and `payment_intent`.", {
      code: "parameters_exclusive",
      param: "payment_intent",
    });
  }
  if (chargeId) {
    const found = world.state.charges.find(chargeId);
    if (!found || found.owner !== caller.account) throw resourceMissing("charge", chargeId, "charge");
    return found.object;
  }
  if (!intentId) {
    throw invalidRequest("One of the following params should be provided for this request: payment_intent or charge.", {
      code: "parameter_missing",
    });
  }
  const found = world.state.paymentIntents.find(intentId);
  if (!found || found.owner !== caller.account) throw resourceMissing("payment_intent", intentId, "payment_intent");
  const latest = found.object.latest_charge;
  const charge = typeof latest === "string" ? world.state.charges.find(latest)?.object : undefined;
  if (!charge || charge.status !== "succeeded") {
    throw invalidRequest(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, {
      param: "payment_intent",
    });
  }
  return charge;
}

export function createRefund(world: World, caller: Caller, params: JsonObject): Stripe.Refund {
  const charge = chargeToRefund(world, caller, params);
  const remaining = charge.amount_captured - charge.amount_refunded;
  if (remaining <= 0) {
    throw invalidRequest(`Charge ${charge.id} has already been refunded.`, { code: "charge_already_refunded" });
  }
  const amount = positiveAmount(params) ?? remaining;
  if (amount > remaining) {
    throw invalidRequest(
      `Refund amount (${formatAmount(amount, charge.currency)}) is greater than unrefunded amount on charge (${formatAmount(remaining, charge.currency)})`,
      { code: "amount_too_large", param: "amount" },
    );
  }
  const refundId = newId("re");
  const balanceTransaction = world.ledger.record({
    account: caller.account,
    amount: -amount,
    currency: charge.currency,
    type: "refund",
    reportingCategory: "refund",
    source: refundId,
    description: "REFUND FOR CHARGE",
  });
  const refund = buildRefund({
    id: refundId,
    amount,
    charge,
    balanceTransaction: balanceTransaction.id,
    created: world.clock.now(),
    metadata: mergeMetadata({}, params.metadata),
    reason: (optionalString(params, "reason") as Stripe.Refund.Reason | null) ?? null,
    status: "pending",
  });
  world.state.refunds.add(caller.account, refund);
  const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount_captured;
  world.events.publish(caller.account, "refund.created", refund, caller.request);
  world.events.publish(caller.account, "charge.refunded", charge, caller.request, previous);
  world.scheduler.after(world.settings.settlementDelayMs, `settle ${refund.id}`, () => {
    refund.status = "succeeded";
    if (refund.destination_details?.card) refund.destination_details.card.reference_status = "available";
    world.events.publish(caller.account, "refund.updated", refund, NO_REQUEST, { status: "pending" });
    world.events.publish(caller.account, "charge.refund.updated", refund, NO_REQUEST, { status: "pending" });
  });
  return refund;
}

export function retrieveRefund(world: World, caller: Caller, id: string): Stripe.Refund {
  return world.state.refunds.get(caller.account, id, "refund");
}
