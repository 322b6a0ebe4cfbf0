// POST/GET /v1/accounts[/{account}] and POST /v1/accounts/{account}/external_accounts.
import type Stripe from "stripe";
import { invalidRequest, resourceMissing } from "../errors.ts";
import { isJsonObject, type JsonObject } from "../json.ts";
import { buildAccount, buildBankAccount, refreshAccountStatus, updateAccount } from "../objects/account.ts";
import { mergeMetadata } from "../params.ts";
import type { Caller, World } from "../world.ts";

/** The account a path names; a connected account acting as itself may read itself. */
function accountFor(world: World, caller: Caller, id: string): Stripe.Account {
  const record = world.state.accounts.get(id);
  const visible = record && (caller.isPlatform || caller.account === id);
  if (!record || !visible) throw resourceMissing("account", id, "account");
  return record.account;
}

export function createAccount(world: World, caller: Caller, params: JsonObject): Stripe.Account {
  if (!caller.isPlatform) throw invalidRequest("Only a platform can create connected accounts.", {}, 403);
  // Tokens (btok_…) come from Stripe.js, which the stand-in does not serve.
  if (typeof params.external_account === "string")
    throw resourceMissing("token", params.external_account, "external_account");
  if (isJsonObject(params.external_account)) assertBankAccount(params.external_account);
  const account = buildAccount(params, world.clock.now());
  world.state.accounts.set(account.id, { account, bankAccountNumbers: new Map() });
  if (isJsonObject(params.external_account)) addBankAccount(world, account, params.external_account, caller, false);
  return account;
}

export function retrieveAccount(world: World, caller: Caller, id: string): Stripe.Account {
  return accountFor(world, caller, id);
}

export function updateAccountOperation(world: World, caller: Caller, id: string, params: JsonObject): Stripe.Account {
  const account = accountFor(world, caller, id);
  const before = { metadata: account.metadata, email: account.email };
  updateAccount(account, params);
  world.events.publish(account.id, "account.updated", account, caller.request, before as JsonObject);
  return account;
}

/** The stand-in takes bank accounts given in full; checked before anything is created. */
function assertBankAccount(details: JsonObject): asserts details is JsonObject & { account_number: string } {
  if (details.object !== "bank_account") {
    throw invalidRequest("The stand-in takes bank accounts only (external_account[object]=bank_account).", {
      param: "external_account[object]",
    });
  }
  if (typeof details.account_number !== "string" || details.account_number === "") {
    throw invalidRequest("Missing required param: external_account[account_number].", {
      code: "parameter_missing",
      param: "external_account[account_number]",
    });
  }
}

function addBankAccount(world: World, account: Stripe.Account, details: JsonObject, caller: Caller, announce: boolean) {
  assertBankAccount(details);
  const list = account.external_accounts ?? { object: "list" as const, data: [], has_more: false, url: "" };
  const currency = String(details.currency ?? account.default_currency ?? "dkk");
  const bank = buildBankAccount({
    account: account.id,
    details: { ...details, currency },
    defaultForCurrency: !list.data.some((existing) => existing.currency === currency),
    metadata: mergeMetadata({}, details.metadata),
  });
  list.data.push(bank);
  account.external_accounts = list;
  world.state.bankAccounts.add(account.id, bank);
  world.state.accounts.get(account.id)?.bankAccountNumbers.set(bank.id, details.account_number);
  refreshAccountStatus(account);
  if (announce) {
    world.events.publish(account.id, "account.external_account.created", bank, caller.request);
    world.events.publish(account.id, "account.updated", account, caller.request);
  }
  return bank;
}

export function createExternalAccount(
  world: World,
  caller: Caller,
  id: string,
  params: JsonObject,
): Stripe.BankAccount {
  const account = accountFor(world, caller, id);
  const details = params.external_account ?? params.bank_account;
  if (typeof details === "string") throw resourceMissing("token", details, "external_account");
  if (!isJsonObject(details)) {
    throw invalidRequest("Missing required param: external_account.", {
      code: "parameter_missing",
      param: "external_account",
    });
  }
  return addBankAccount(world, account, details, caller, true);
}
