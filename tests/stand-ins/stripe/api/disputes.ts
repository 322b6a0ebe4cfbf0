// Disputes: opened by the bank on a charge (test card …0259), closed won or lost by a test
// control (on Stripe, by the card network after evidence). Money moves as Stripe moves it: the
// disputed amount and the dispute fee leave the balance when the dispute opens (one `adjustment`
// balance transaction); if the dispute is won the amount comes back (a second one), the fee not.
import type Stripe from "stripe";
import { invalidRequest } from "../errors.ts";
import { disputeFee } from "../fees.ts";
import { buildDispute } from "../objects/dispute.ts";
import { NO_REQUEST } from "../objects/event.ts";
import type { Caller, World } from "../world.ts";

export function openDispute(world: World, owner: string, charge: Stripe.Charge): Stripe.Dispute {
  const fee = disputeFee(charge.currency);
  const withdrawal = world.ledger.record({
    account: owner,
    amount: -charge.amount,
    currency: charge.currency,
    type: "adjustment",
    reportingCategory: "dispute",
    source: "",
    description: `Chargeback withdrawal for ${charge.id}`,
    fee,
    feeDescription: "Dispute fee",
  });
  const dispute = buildDispute({ charge, created: world.clock.now(), balanceTransaction: withdrawal });
  withdrawal.source = dispute.id;
  world.state.disputes.add(owner, dispute);
  charge.disputed = true;
  world.events.publish(owner, "charge.dispute.created", dispute, NO_REQUEST);
  world.events.publish(owner, "charge.dispute.funds_withdrawn", dispute, NO_REQUEST);
  return dispute;
}

export function closeDispute(world: World, disputeId: string, outcome: "won" | "lost"): Stripe.Dispute {
  const found = world.state.disputes.find(disputeId);
  if (!found) throw invalidRequest(`No such dispute: '${disputeId}'`, { code: "resource_missing" }, 404);
  const { owner, object: dispute } = found;
  if (dispute.status === "won" || dispute.status === "lost") {
    throw invalidRequest(`Dispute ${dispute.id} is already closed (${dispute.status}).`);
  }
  const previous = { status: dispute.status };
  if (outcome === "won") {
    const reinstated = world.ledger.record({
      account: owner,
      amount: dispute.amount,
      currency: dispute.currency,
      type: "adjustment",
      reportingCategory: "dispute_reversal",
      source: dispute.id,
      description: `Chargeback reversal for ${typeof dispute.charge === "string" ? dispute.charge : dispute.charge.id}`,
    });
    dispute.balance_transactions.push(reinstated);
    world.events.publish(owner, "charge.dispute.funds_reinstated", dispute, NO_REQUEST);
  }
  dispute.status = outcome;
  world.events.publish(owner, "charge.dispute.closed", dispute, NO_REQUEST, previous);
  return dispute;
}

export function retrieveDispute(world: World, caller: Caller, id: string): Stripe.Dispute {
  return world.state.disputes.get(caller.account, id, "dispute");
}
