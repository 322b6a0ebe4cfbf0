// POST /v1/payouts (manual payouts, usually with Stripe-Account on a connected account) and GET
// /v1/payouts/{payout}. The amount leaves the available balance at once; at `arrival_date` the
// payout turns `paid`, or `failed` (and the amount comes back) when the bank account is one of
// Stripe's failing test accounts.
import type Stripe from "stripe";
import { balanceInsufficient, invalidRequest } from "../errors.ts";
import { newId } from "../ids.ts";
import type { JsonObject } from "../json.ts";
import { NO_REQUEST } from "../objects/event.ts";
import { buildPayout } from "../objects/payout.ts";
import { mergeMetadata, optionalString, positiveAmount, requiredString } from "../params.ts";
import { payoutFailureFor } from "../test-cards.ts";
import type { Caller, World } from "../world.ts";

function bankAccountFor(world: World, caller: Caller, currency: string, requested: string | null): Stripe.BankAccount {
  const own = world.state.bankAccounts.ownedBy(caller.account);
  if (requested) {
    const chosen = own.find((bank) => bank.id === requested);
    if (!chosen)
      throw invalidRequest(`No such external account: '${requested}'`, {
        code: "resource_missing",
        param: "destination",
      });
    return chosen;
  }
  const fallback =
    own.find((bank) => bank.currency === currency && bank.default_for_currency) ??
    own.find((bank) => bank.currency === currency);
  if (!fallback)
    throw invalidRequest(`You don't have any external accounts in that currency (${currency}).`, { param: "currency" });
  return fallback;
}

export function createPayout(world: World, caller: Caller, params: JsonObject): Stripe.Payout {
  const amount = positiveAmount(params);
  if (amount === null)
    throw invalidRequest("Missing required param: amount.", { code: "parameter_missing", param: "amount" });
  const currency = requiredString(params, "currency");
  const bank = bankAccountFor(world, caller, currency, optionalString(params, "destination"));
  if (world.ledger.available(caller.account, currency) < amount) {
    throw balanceInsufficient(
      "You have insufficient funds in your Stripe account for this transfer. Your card balance is too low. You can use the /v1/balance endpoint to view your Stripe balance (for more details, see stripe.com/docs/api#balance).",
    );
  }
  const payoutId = newId("po");
  const transaction = world.ledger.record({
    account: caller.account,
    amount: -amount,
    currency,
    type: "payout",
    reportingCategory: "payout",
    source: payoutId,
    description: optionalString(params, "description") ?? "STRIPE PAYOUT",
  });
  const created = world.clock.now();
  const payout = buildPayout({
    id: payoutId,
    amount,
    currency,
    created,
    arrivalDate: created + world.settings.payoutArrivalSeconds,
    balanceTransaction: transaction.id,
    destination: bank.id,
    description: optionalString(params, "description") ?? "STRIPE PAYOUT",
    metadata: mergeMetadata({}, params.metadata),
    statementDescriptor: optionalString(params, "statement_descriptor"),
  });
  world.state.payouts.add(caller.account, payout);
  world.events.publish(caller.account, "payout.created", payout, caller.request);
  const accountNumber = world.state.accounts.get(caller.account)?.bankAccountNumbers.get(bank.id) ?? "";
  world.scheduler.at(payout.arrival_date * 1000, `arrive ${payout.id}`, () =>
    arrive(world, caller.account, payout, accountNumber),
  );
  return payout;
}

function arrive(world: World, account: string, payout: Stripe.Payout, accountNumber: string) {
  const failure = payoutFailureFor(accountNumber);
  const previous = { status: payout.status };
  if (failure) {
    const returned = world.ledger.record({
      account,
      amount: payout.amount,
      currency: payout.currency,
      type: "payout_failure",
      reportingCategory: "payout_reversal",
      source: payout.id,
      description: `Payout failure (${failure.code})`,
    });
    Object.assign(payout, {
      status: "failed",
      failure_code: failure.code,
      failure_message: failure.message,
      failure_balance_transaction: returned.id,
    });
    world.events.publish(account, "payout.updated", payout, NO_REQUEST, previous);
    world.events.publish(account, "payout.failed", payout, NO_REQUEST);
    return;
  }
  Object.assign(payout, {
    status: "paid",
    trace_id: { status: "supported", value: `TRACE${payout.id.slice(3, 15).toUpperCase()}` },
  });
  world.events.publish(account, "payout.updated", payout, NO_REQUEST, previous);
  world.events.publish(account, "payout.paid", payout, NO_REQUEST);
}

export function retrievePayout(world: World, caller: Caller, id: string): Stripe.Payout {
  return world.state.payouts.get(caller.account, id, "payout");
}
