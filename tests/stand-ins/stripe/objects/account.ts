// Connected accounts and their bank accounts, shaped from Stripe's fixtures. A custom-style
// account (controller: the platform collects requirements, no Stripe dashboard) is what the rail
// creates; its type is derived from `controller` as Stripe documents for controller properties.
import type Stripe from "stripe";
import { fingerprint, newId } from "../ids.ts";
import { isJsonObject, type JsonObject } from "../json.ts";
import { mergeMetadata, optionalObject, optionalString } from "../params.ts";
import { fromFixture } from "./fixtures.ts";

const CURRENCY_OF_COUNTRY: Record<string, string> = { DK: "dkk", SE: "sek", NO: "nok", GB: "gbp", US: "usd" };

function accountType(params: JsonObject): Stripe.Account.Type {
  const type = optionalString(params, "type");
  if (type === "custom" || type === "express" || type === "standard") return type;
  const controller = optionalObject(params, "controller");
  const dashboard =
    controller && isJsonObject(controller.stripe_dashboard) ? controller.stripe_dashboard.type : undefined;
  if (controller?.requirement_collection === "application" && dashboard === "none") return "custom";
  if (dashboard === "express") return "express";
  if (dashboard === "full" || controller === null) return "standard";
  return "none";
}

function controllerOf(params: JsonObject, type: Stripe.Account.Type): Stripe.Account.Controller {
  const given = optionalObject(params, "controller") ?? {};
  const fees = isJsonObject(given.fees) ? given.fees : {};
  const losses = isJsonObject(given.losses) ? given.losses : {};
  const dashboard = isJsonObject(given.stripe_dashboard) ? given.stripe_dashboard : {};
  const platformControls = type === "custom" || type === "express" || type === "none";
  return {
    fees: {
      payer: (fees.payer as Stripe.Account.Controller.Fees.Payer) ?? (platformControls ? "application" : "account"),
    },
    is_controller: true,
    losses: {
      payments:
        (losses.payments as Stripe.Account.Controller.Losses.Payments) ?? (platformControls ? "application" : "stripe"),
    },
    requirement_collection:
      (given.requirement_collection as Stripe.Account.Controller.RequirementCollection) ??
      (type === "custom" ? "application" : "stripe"),
    stripe_dashboard: {
      type:
        (dashboard.type as Stripe.Account.Controller.StripeDashboard.Type) ??
        (type === "custom" ? "none" : type === "express" ? "express" : "full"),
    },
    type: "application",
  };
}

function requestedCapabilities(params: JsonObject, current: Stripe.Account.Capabilities): Stripe.Account.Capabilities {
  const capabilities: Record<string, string> = { ...(current as Record<string, string>) };
  const requested = optionalObject(params, "capabilities") ?? {};
  for (const [name, request] of Object.entries(requested)) {
    // Test mode activates a requested capability once the platform has supplied the account's
    // details; the stand-in does not model verification, so it activates at once.
    if (isJsonObject(request) && request.requested === true) capabilities[name] = "active";
    if (isJsonObject(request) && request.requested === false) delete capabilities[name];
  }
  return capabilities as Stripe.Account.Capabilities;
}

function requirementsDue(account: Stripe.Account): string[] {
  const due: string[] = [];
  if ((account.external_accounts?.data.length ?? 0) === 0) due.push("external_account");
  if (!account.tos_acceptance?.date) due.push("tos_acceptance.date", "tos_acceptance.ip");
  return due;
}

/** Recomputes what depends on the rest: requirements, charges/payouts enabled. */
export function refreshAccountStatus(account: Stripe.Account): void {
  const due = requirementsDue(account);
  const requirements = {
    alternatives: [],
    current_deadline: null,
    currently_due: due,
    disabled_reason: due.length > 0 ? ("requirements.past_due" as const) : null,
    errors: [],
    eventually_due: due,
    past_due: due,
    pending_verification: [],
  };
  account.requirements = requirements as Stripe.Account.Requirements;
  account.details_submitted = account.tos_acceptance?.date !== null && account.tos_acceptance?.date !== undefined;
  account.charges_enabled = due.length === 0 && account.capabilities?.card_payments === "active";
  account.payouts_enabled = due.length === 0 && account.capabilities?.transfers === "active";
}

function applyEditableFields(account: Stripe.Account, params: JsonObject): void {
  const email = optionalString(params, "email");
  if (email !== null) account.email = email;
  const businessType = optionalString(params, "business_type");
  if (businessType !== null) account.business_type = businessType as Stripe.Account.BusinessType;
  const profile = optionalObject(params, "business_profile");
  if (profile && account.business_profile) Object.assign(account.business_profile, profile);
  account.metadata = mergeMetadata(account.metadata ?? {}, params.metadata);
  account.capabilities = requestedCapabilities(params, account.capabilities ?? {});
  const tos = optionalObject(params, "tos_acceptance");
  if (tos)
    account.tos_acceptance = {
      date: null,
      ip: null,
      user_agent: null,
      ...account.tos_acceptance,
      ...tos,
    } as Stripe.Account.TosAcceptance;
  const schedule = optionalObject(
    optionalObject(optionalObject(params, "settings") ?? {}, "payouts") ?? {},
    "schedule",
  );
  if (schedule && account.settings?.payouts) {
    account.settings.payouts.schedule = {
      ...account.settings.payouts.schedule,
      ...schedule,
    } as Stripe.Account.Settings.Payouts.Schedule;
  }
  for (const holder of ["individual", "company"] as const) {
    const details = optionalObject(params, holder);
    if (!details) continue;
    if (holder === "individual") {
      account.individual = {
        id: account.individual?.id ?? newId("person"),
        object: "person",
        account: account.id,
        ...(account.individual ?? {}),
        ...details,
      } as unknown as Stripe.Person;
    } else {
      account.company = { ...(account.company ?? {}), ...details } as unknown as Stripe.Account.Company;
    }
  }
}

export function buildAccount(params: JsonObject, created: number): Stripe.Account {
  const id = newId("acct");
  const country = optionalString(params, "country") ?? "DK";
  const type = accountType(params);
  const account = fromFixture<Stripe.Account>("account", {
    id,
    business_type: null,
    capabilities: {},
    controller: controllerOf(params, type),
    country,
    created,
    default_currency: optionalString(params, "default_currency") ?? CURRENCY_OF_COUNTRY[country] ?? "eur",
    email: null,
    external_accounts: { object: "list", data: [], has_more: false, url: `/v1/accounts/${id}/external_accounts` },
    metadata: {},
    tos_acceptance: { date: null, ip: null, user_agent: null },
    type,
  });
  if (account.settings?.dashboard) account.settings.dashboard.display_name = null;
  applyEditableFields(account, params);
  refreshAccountStatus(account);
  return account;
}

export function updateAccount(account: Stripe.Account, params: JsonObject): void {
  applyEditableFields(account, params);
  refreshAccountStatus(account);
}

export function buildBankAccount(input: {
  account: string;
  details: JsonObject;
  defaultForCurrency: boolean;
  metadata: Record<string, string>;
}): Stripe.BankAccount {
  const accountNumber = String(input.details.account_number ?? "");
  return fromFixture<Stripe.BankAccount>("bank_account", {
    id: newId("ba"),
    account: input.account,
    account_holder_name: optionalString(input.details, "account_holder_name"),
    account_holder_type: optionalString(input.details, "account_holder_type"),
    account_type: null,
    available_payout_methods: ["standard"],
    bank_name: "STRIPE TEST BANK",
    country: String(input.details.country ?? "DK"),
    currency: String(input.details.currency ?? "dkk"),
    customer: null,
    default_for_currency: input.defaultForCurrency,
    fingerprint: fingerprint(),
    last4: accountNumber.slice(-4),
    metadata: input.metadata,
    // IBAN countries have no separate routing number.
    routing_number: optionalString(input.details, "routing_number"),
    status: "new",
  });
}
