// The one place that chooses the outside parties: the payment rail, the carriers and the national
// eID. Each is chosen by configuration, per mode: PAYMENT_RAIL, CARRIERS, IDENTITY_PROVIDER choose
// for both modes, and PAYMENT_RAIL_LIVE (CARRIERS_LIVE, IDENTITY_PROVIDER_LIVE) for live mode
// alone, so that the sandbox may stay simulated while live uses a real provider (decisions.md
// §11). The simulated providers move no money and verify nobody. A simulated provider never serves
// live mode: while the payment rail or the eID is simulated, live mode is closed, and asking for a
// provider in live mode answers 403 `forbidden` naming what is missing. Besides this file, only the
// sandbox's own parts use a simulated implementation directly: the simulated bank's pages
// (app/sandbox-bank), the sandbox's complete-payment endpoint, which acts as the payer there, and
// its chargeback endpoints, which act as the payer's bank (lib/sandbox/*-sandbox-chargeback.ts).
import { AppError } from "./errors.ts";
import type { ApiMode } from "./db/generated/enums.ts";
import { brokerIdentityProvider, checkBrokerSettings } from "./identity/broker-identity-provider.ts";
import type { IdentityProvider } from "./identity/identity-provider.ts";
import { sandboxIdentityProvider } from "./identity/sandbox-eid/sandbox-identity-provider.ts";
import type { PaymentRail } from "./payments/payment-rail.ts";
import { simulatedPaymentRail } from "./payments/simulated-rail/rail.ts";
import { checkStripeSettings } from "./payments/stripe/stripe-client.ts";
import { stripePaymentRail } from "./payments/stripe/stripe-rail.ts";
import type { Carrier, CarrierId } from "./shipping/carrier.ts";
import { checkShipmondoSettings, SHIPMONDO_CARRIERS } from "./shipping/shipmondo-carriers.ts";
import { SIMULATED_CARRIERS, SIMULATED_WEIGHT_BANDS } from "./shipping/simulated-carriers.ts";

export type OutsideParty = "paymentRail" | "carriers" | "identity";

interface Choice<T> {
  /** The setting that chooses it, for operators and for the 403's detail. */
  setting: string;
  what: string;
  /** What each value of the setting provides. */
  providers: Record<string, { simulated: boolean; provider: T; checkSettings?: () => void }>;
}

interface Providers {
  paymentRail: PaymentRail;
  carriers: Record<CarrierId, Carrier>;
  identity: IdentityProvider;
}

const CHOICES: { [K in OutsideParty]: Choice<Providers[K]> } = {
  paymentRail: {
    setting: "PAYMENT_RAIL",
    what: "payment rail",
    providers: {
      simulated: { simulated: true, provider: simulatedPaymentRail },
      stripe: { simulated: false, provider: stripePaymentRail, checkSettings: checkStripeSettings },
    },
  },
  carriers: {
    setting: "CARRIERS",
    what: "carriers",
    providers: {
      simulated: { simulated: true, provider: SIMULATED_CARRIERS },
      shipmondo: { simulated: false, provider: SHIPMONDO_CARRIERS, checkSettings: checkShipmondoSettings },
    },
  },
  identity: {
    setting: "IDENTITY_PROVIDER",
    what: "national eID provider",
    providers: {
      simulated: { simulated: true, provider: sandboxIdentityProvider },
      oidc: { simulated: false, provider: brokerIdentityProvider, checkSettings: checkBrokerSettings },
    },
  },
};

/** Live mode opens only when both of these are real: without them no one is verified or paid. */
const LIVE_MODE_NEEDS: OutsideParty[] = ["paymentRail", "identity"];

/** The setting that decides `party` for `mode`: `<SETTING>_LIVE` for live mode when it is set. */
function settingFor(party: OutsideParty, mode: ApiMode): string {
  const base = CHOICES[party].setting;
  return mode === "live" && process.env[`${base}_LIVE`]?.trim() ? `${base}_LIVE` : base;
}

function chosen<K extends OutsideParty>(
  party: K,
  mode: ApiMode,
): { name: string; setting: string; simulated: boolean; provider: Providers[K]; checkSettings?: () => void } {
  const choice = CHOICES[party] as Choice<Providers[K]>;
  const setting = settingFor(party, mode);
  const name = process.env[setting]?.trim() || "simulated";
  const entry = Object.hasOwn(choice.providers, name) ? choice.providers[name] : undefined;
  if (!entry) {
    const known = Object.keys(choice.providers).join(", ");
    throw new Error(`${setting}=${name}: this build has no such ${choice.what} (it has: ${known}).`);
  }
  return { name, setting, ...entry };
}

/**
 * Fails at start, with the setting's name, when a provider setting names nothing this build has,
 * or a chosen provider lacks its own settings (a real rail's keys).
 */
export function checkOutsidePartySettings(): void {
  for (const party of Object.keys(CHOICES) as OutsideParty[])
    for (const mode of ["test", "live"] as const) chosen(party, mode).checkSettings?.();
}

/** The outside parties that live mode would get simulated, among those `needs` names. */
function simulatedAmong(needs: readonly OutsideParty[]): OutsideParty[] {
  return needs.filter((party) => chosen(party, "live").simulated);
}

/** Why live mode is closed (empty when it is open), e.g. for the console's notice. */
export function liveModeGaps(
  extra: readonly OutsideParty[] = [],
): { party: OutsideParty; setting: string; what: string }[] {
  const needs = [...new Set([...LIVE_MODE_NEEDS, ...extra])];
  return simulatedAmong(needs).map((party) => ({
    party,
    setting: settingFor(party, "live"),
    what: CHOICES[party].what,
  }));
}

export function isLiveModeOpen(): boolean {
  return liveModeGaps().length === 0;
}

/**
 * Throws 403 `forbidden` when `mode` is live and live mode is closed, or when an outside party this
 * operation needs (`extra`, e.g. carriers for a label) is simulated. Test mode always passes.
 */
export function assertLiveModeOpen(mode: ApiMode, extra: readonly OutsideParty[] = []): void {
  if (mode !== "live") return;
  const gaps = liveModeGaps(extra);
  if (!gaps.length) return;
  const names = gaps.map((gap) => `the ${gap.what} (${gap.setting})`).join(" and ");
  throw new AppError(
    "forbidden",
    `Live mode is closed on this deployment: ${names} ${gaps.length > 1 ? "are" : "is"} simulated, and a simulated provider ` +
      "never connects a person, takes money or pays out in live mode. Use a test-mode token (esk_test_…) in the sandbox, " +
      "or ask the operator to configure real providers.",
  );
}

/** The payment rail for `mode`: 403 in live mode while it (or the eID) is simulated. */
export function paymentRailFor(mode: ApiMode): PaymentRail {
  assertLiveModeOpen(mode, ["paymentRail"]);
  return chosen("paymentRail", mode).provider;
}

/**
 * A rail by its name, for what a rail sends us (its callbacks) and for payments it took: the rail
 * that took a payment settles it, whatever is configured now. 404 for a name this build lacks.
 */
export function railNamed(name: string): PaymentRail {
  const entry = Object.hasOwn(CHOICES.paymentRail.providers, name) ? CHOICES.paymentRail.providers[name] : undefined;
  if (!entry) throw AppError.notFound(`Payment rail ${JSON.stringify(name)}`);
  return entry.provider;
}

/** The eID for `mode`: 403 in live mode while it (or the payment rail) is simulated. */
export function identityProviderFor(mode: ApiMode): IdentityProvider {
  assertLiveModeOpen(mode, ["identity"]);
  return chosen("identity", mode).provider;
}

/** The carriers for `mode`: 403 in live mode while they (or the rail or the eID) are simulated. */
export function carriersFor(mode: ApiMode): Record<CarrierId, Carrier> {
  assertLiveModeOpen(mode, ["carriers"]);
  return chosen("carriers", mode).provider;
}

/**
 * The carriers' names and price lists, for pages that only show them (the tracking page, a label's
 * carrier name): reading them moves nothing, so it does not depend on the mode.
 */
export function carrierCatalogue(): { carriers: Record<CarrierId, Carrier>; weightBands: readonly number[] } {
  return { carriers: chosen("carriers", "test").provider, weightBands: SIMULATED_WEIGHT_BANDS };
}

/**
 * The payment rails the deployment is configured with, for both modes, without the live-mode
 * check: for limits that bind a tenant's settings whatever mode its trades run in (the hold budget).
 */
export function configuredRails(): PaymentRail[] {
  return [...new Set([chosen("paymentRail", "test").provider, chosen("paymentRail", "live").provider])];
}

/** Whether `mode`'s payment rail is the simulated one (its page offers test instruments). */
export function paymentRailIsSimulated(mode: ApiMode): boolean {
  return chosen("paymentRail", mode).simulated;
}

/**
 * What serves each outside party in each mode, and what keeps live mode closed, for what only
 * reports it (the console's providers panel, `live check`): the setting that decides each party
 * (`<SETTING>_LIVE` in live mode when set), the value it names and whether that is simulated. It
 * never throws: a value this build lacks has `simulated: null` (the server refuses to start with
 * it, checkOutsidePartySettings; `live check` names it) and keeps live mode closed. Each live gap
 * names the setting to change, `<SETTING>_LIVE`, and the values that would make it real; carriers
 * are listed too, but only a live label needs them (`closesLiveMode: false`). Names only: no
 * provider's own settings are read here, so nothing secret can be shown.
 */
export function outsidePartiesByMode() {
  const parties = [...new Set([...LIVE_MODE_NEEDS, ...(Object.keys(CHOICES) as OutsideParty[])])];
  const choiceIn = (mode: ApiMode) =>
    parties.map((party) => {
      const setting = settingFor(party, mode);
      const provider = process.env[setting]?.trim() || "simulated";
      const providers: Record<string, { simulated: boolean }> = CHOICES[party].providers;
      const simulated = Object.hasOwn(providers, provider) ? providers[provider]!.simulated : null;
      return { party, what: CHOICES[party].what, setting, provider, simulated };
    });
  const live = choiceIn("live");
  const gaps = live
    .filter((choice) => choice.simulated !== false)
    .map(({ party, what, setting }) => ({
      party,
      what,
      setting,
      change: `${CHOICES[party].setting}_LIVE`,
      real: Object.entries(CHOICES[party].providers as Record<string, { simulated: boolean }>)
        .filter(([, entry]) => !entry.simulated)
        .map(([name]) => name),
      closesLiveMode: LIVE_MODE_NEEDS.includes(party),
    }));
  return {
    modes: { test: choiceIn("test"), live },
    live: { open: !gaps.some((gap) => gap.closesLiveMode), gaps },
  };
}
