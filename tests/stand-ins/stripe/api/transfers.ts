// Separate charges and transfers: POST /v1/transfers moves money from the platform's balance to
// a connected account's, POST /v1/transfers/{id}/reversals moves (some of) it back.
//
// With `source_transaction` the transfer is funded by that charge, so it may be made while the
// charge's funds are still pending; its funds become available on the connected account when the
// charge's do. Without it the platform needs the amount in its available balance.
import type Stripe from "stripe";
import { balanceInsufficient, invalidRequest, resourceMissing } from "../errors.ts";
import { newId } from "../ids.ts";
import type { JsonObject } from "../json.ts";
import { buildDestinationPayment } from "../objects/charge.ts";
import { buildRefund } from "../objects/refund.ts";
import { buildTransfer, buildTransferReversal } from "../objects/transfer.ts";
import {
  formatAmount,
  mergeMetadata,
  optionalInteger,
  optionalString,
  positiveAmount,
  requiredString,
} from "../params.ts";
import type { Caller, World } from "../world.ts";

function transferredFrom(world: World, chargeId: string): number {
  return world.state.transfers
    .all()
    .filter(({ object }) => object.source_transaction === chargeId)
    .reduce((sum, { object }) => sum + object.amount - object.amount_reversed, 0);
}

export function createTransfer(world: World, caller: Caller, params: JsonObject): Stripe.Transfer {
  if (!caller.isPlatform) throw invalidRequest("Transfers are made by the platform, without Stripe-Account.");
  const amount = positiveAmount(params);
  if (amount === null)
    throw invalidRequest("Missing required param: amount.", { code: "parameter_missing", param: "amount" });
  const currency = requiredString(params, "currency");
  const destination = requiredString(params, "destination");
  if (!world.state.accounts.has(destination)) {
    throw invalidRequest(`No such destination: '${destination}'`, { code: "resource_missing", param: "destination" });
  }
  const sourceId = optionalString(params, "source_transaction");
  let availableOn = world.clock.now();
  if (sourceId) {
    const found = world.state.charges.find(sourceId);
    if (!found || found.owner !== caller.account) throw resourceMissing("charge", sourceId, "source_transaction");
    const charge = found.object;
    if (charge.currency !== currency) {
      throw invalidRequest(
        `The currency of source_transaction's balance transaction (${charge.currency}) must be the same as the transfer currency (${currency}).`,
        { param: "currency" },
      );
    }
    const left = charge.amount_captured - charge.amount_refunded - transferredFrom(world, charge.id);
    if (amount > left) {
      throw balanceInsufficient(
        `Insufficient funds in the source transaction: ${charge.id} has ${formatAmount(left, currency)} left to transfer and the transfer is ${formatAmount(amount, currency)}.`,
      );
    }
    const chargeTransaction =
      typeof charge.balance_transaction === "string"
        ? world.state.balanceTransactions.find(charge.balance_transaction)?.object
        : undefined;
    availableOn = chargeTransaction?.available_on ?? availableOn;
  } else if (world.ledger.available(caller.account, currency) < amount) {
    throw balanceInsufficient(
      "You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card. See: https://stripe.com/docs/testing#available-balance",
    );
  }
  const transferId = newId("tr");
  const platformTransaction = world.ledger.record({
    account: caller.account,
    amount: -amount,
    currency,
    type: "transfer",
    reportingCategory: "transfer",
    source: transferId,
    description: optionalString(params, "description"),
    availableOn,
  });
  const paymentId = newId("py");
  const destinationTransaction = world.ledger.record({
    account: destination,
    amount,
    currency,
    type: "payment",
    reportingCategory: "charge",
    source: paymentId,
    description: null,
    availableOn,
  });
  const payment = buildDestinationPayment({
    amount,
    currency,
    created: world.clock.now(),
    balanceTransaction: destinationTransaction.id,
    transfer: transferId,
    platformAccount: caller.account,
  });
  payment.id = paymentId;
  world.state.charges.add(destination, payment);
  const transfer = buildTransfer({
    id: transferId,
    amount,
    currency,
    created: world.clock.now(),
    balanceTransaction: platformTransaction.id,
    destination,
    destinationPayment: paymentId,
    description: optionalString(params, "description"),
    metadata: mergeMetadata({}, params.metadata),
    sourceTransaction: sourceId,
    transferGroup: optionalString(params, "transfer_group"),
  });
  world.state.transfers.add(caller.account, transfer);
  world.events.publish(caller.account, "transfer.created", transfer, caller.request);
  return transfer;
}

/**
 * GET /v1/transfers: the platform's transfers, newest first, filtered by destination and
 * transfer_group, paged with limit and starting_after as Stripe's lists are.
 */
export function listTransfers(world: World, caller: Caller, params: JsonObject) {
  const limit = optionalInteger(params, "limit") ?? 10;
  if (limit < 1 || limit > 100) throw invalidRequest("This value must be between 1 and 100.", { param: "limit" });
  const destination = optionalString(params, "destination");
  const group = optionalString(params, "transfer_group");
  const all = world.state.transfers
    .ownedBy(caller.account)
    .map((transfer, index) => ({ transfer, index }))
    .sort((a, b) => b.transfer.created - a.transfer.created || b.index - a.index)
    .map(({ transfer }) => transfer)
    .filter(
      (transfer) =>
        (destination === null || transfer.destination === destination) &&
        (group === null || transfer.transfer_group === group),
    );
  const after = optionalString(params, "starting_after");
  let window = all;
  if (after) {
    const index = all.findIndex((transfer) => transfer.id === after);
    if (index < 0) throw resourceMissing("transfer", after, "starting_after");
    window = all.slice(index + 1);
  }
  return {
    object: "list" as const,
    data: window.slice(0, limit),
    has_more: window.length > limit,
    url: "/v1/transfers",
  };
}

export function retrieveTransfer(world: World, caller: Caller, id: string): Stripe.Transfer {
  return world.state.transfers.get(caller.account, id, "transfer");
}

export function createTransferReversal(
  world: World,
  caller: Caller,
  transferId: string,
  params: JsonObject,
): Stripe.TransferReversal {
  const transfer = world.state.transfers.get(caller.account, transferId, "id");
  const remaining = transfer.amount - transfer.amount_reversed;
  const amount = positiveAmount(params) ?? remaining;
  if (remaining <= 0) throw invalidRequest(`Transfer ${transfer.id} has already been fully reversed.`);
  if (amount > remaining) {
    throw invalidRequest(
      `Reversal amount (${formatAmount(amount, transfer.currency)}) is greater than the amount left to reverse on the transfer (${formatAmount(remaining, transfer.currency)}).`,
      { param: "amount" },
    );
  }
  const destination =
    typeof transfer.destination === "string" ? transfer.destination : (transfer.destination?.id ?? "");
  const held = world.ledger.totals(destination).get(transfer.currency);
  if (!held || held.available + held.pending < amount) {
    throw balanceInsufficient(
      `The destination account ${destination} has insufficient funds to reverse this transfer.`,
    );
  }
  const paymentId = typeof transfer.destination_payment === "string" ? transfer.destination_payment : "";
  const payment = world.state.charges.find(paymentId)?.object;
  // A reversal takes back funds as they are: still pending if the transfer's are.
  const paymentTransaction =
    typeof payment?.balance_transaction === "string"
      ? world.state.balanceTransactions.find(payment.balance_transaction)?.object
      : undefined;
  const availableOn = Math.max(world.clock.now(), paymentTransaction?.available_on ?? 0);
  const paymentRefundId = newId("pyr");
  const connectedTransaction = world.ledger.record({
    account: destination,
    amount: -amount,
    currency: transfer.currency,
    type: "payment_refund",
    reportingCategory: "refund",
    source: paymentRefundId,
    description: null,
    availableOn,
  });
  if (payment) {
    payment.amount_refunded += amount;
    payment.refunded = payment.amount_refunded === payment.amount;
    const paymentRefund = buildRefund({
      id: paymentRefundId,
      amount,
      charge: payment,
      balanceTransaction: connectedTransaction.id,
      created: world.clock.now(),
      metadata: {},
      reason: null,
      status: "succeeded",
    });
    world.state.refunds.add(destination, paymentRefund);
  }
  const reversalTransaction = world.ledger.record({
    account: caller.account,
    amount,
    currency: transfer.currency,
    type: "transfer_refund",
    reportingCategory: "transfer_reversal",
    source: "",
    description: null,
    availableOn,
  });
  const reversal = buildTransferReversal({
    amount,
    currency: transfer.currency,
    created: world.clock.now(),
    balanceTransaction: reversalTransaction.id,
    destinationPaymentRefund: paymentRefundId,
    metadata: mergeMetadata({}, params.metadata),
    transfer: transfer.id,
  });
  reversalTransaction.source = reversal.id;
  world.state.transferReversals.add(caller.account, reversal);
  const previous = { amount_reversed: transfer.amount_reversed, reversed: transfer.reversed };
  transfer.amount_reversed += amount;
  transfer.reversed = transfer.amount_reversed === transfer.amount;
  transfer.reversals.data.unshift(reversal);
  world.events.publish(caller.account, "transfer.reversed", transfer, caller.request, previous);
  return reversal;
}
