// GET /v1/balance and GET /v1/balance_transactions (newest first, Stripe's cursor pagination).
import type Stripe from "stripe";
import { invalidRequest, resourceMissing } from "../errors.ts";
import { isJsonObject, type Json, type JsonObject } from "../json.ts";
import { optionalInteger, optionalString } from "../params.ts";
import type { Caller, World } from "../world.ts";

export function retrieveBalance(world: World, caller: Caller): Stripe.Balance {
  return world.ledger.balance(caller.account, caller.isPlatform);
}

function createdMatches(created: number, filter: Json | undefined): boolean {
  if (filter === undefined) return true;
  if (typeof filter === "number") return created === filter;
  if (!isJsonObject(filter)) return true;
  const bound = (name: string) => (typeof filter[name] === "number" ? (filter[name] as number) : null);
  const [gt, gte, lt, lte] = [bound("gt"), bound("gte"), bound("lt"), bound("lte")];
  return (
    (gt === null || created > gt) &&
    (gte === null || created >= gte) &&
    (lt === null || created < lt) &&
    (lte === null || created <= lte)
  );
}

export function listBalanceTransactions(world: World, caller: Caller, params: JsonObject) {
  const limit = optionalInteger(params, "limit") ?? 10;
  if (limit < 1 || limit > 100) throw invalidRequest("This value must be between 1 and 100.", { param: "limit" });
  const payoutId = optionalString(params, "payout");
  if (payoutId) {
    const payout = world.state.payouts.find(payoutId);
    if (!payout || payout.owner !== caller.account) throw resourceMissing("payout", payoutId, "payout");
    // Stripe can list what an automatic payout paid out; a manual payout pays out no particular
    // transactions, and Stripe says so.
    if (!payout.object.automatic) {
      throw invalidRequest("Balance transaction history can only be filtered on automatic transfers, not manual.", {
        param: "payout",
      });
    }
  }
  const type = optionalString(params, "type");
  const currency = optionalString(params, "currency");
  const source = optionalString(params, "source");
  // Newest first; objects made in the same second keep the order they were made in, reversed.
  const all = world.ledger
    .transactionsOf(caller.account)
    .map((transaction, index) => ({ transaction, index }))
    .sort((a, b) => b.transaction.created - a.transaction.created || b.index - a.index)
    .map(({ transaction }) => transaction)
    .filter(
      (transaction) =>
        (type === null || transaction.type === type) &&
        (currency === null || transaction.currency === currency) &&
        (source === null || transaction.source === source) &&
        createdMatches(transaction.created, params.created),
    );
  const after = optionalString(params, "starting_after");
  const before = optionalString(params, "ending_before");
  let window = all;
  if (after) {
    const index = all.findIndex((transaction) => transaction.id === after);
    if (index < 0) throw resourceMissing("balance_transaction", after, "starting_after");
    window = all.slice(index + 1);
  } else if (before) {
    const index = all.findIndex((transaction) => transaction.id === before);
    if (index < 0) throw resourceMissing("balance_transaction", before, "ending_before");
    window = all.slice(0, index).slice(-limit);
  }
  return {
    object: "list" as const,
    data: window.slice(0, limit),
    has_more: window.length > limit,
    url: "/v1/balance_transactions",
  };
}
