// The outside parties as the console's Developers page shows them: for each mode, which provider
// serves the payment rail, the national eID and the carriers, by a name staff recognise, and
// whether live mode is open and, if not, which setting the operator changes. The facts are
// lib/outside-parties.ts's own (outsidePartiesByMode), so the page cannot disagree with the 403 a
// live call gets; this file only names the providers. Only names leave: provider and setting
// names, never a setting's value beyond the provider it chooses.
import type { ApiMode } from "../../db/generated/enums.ts";
import { outsidePartiesByMode, type OutsideParty } from "../../outside-parties.ts";

/** What each provider value is called in the console; a value not listed shows as it is. */
const PROVIDER_NAMES: Record<OutsideParty, Record<string, string>> = {
  paymentRail: { simulated: "Simulated (sandbox)", stripe: "Stripe Connect" },
  identity: { simulated: "Simulated (sandbox)", oidc: "MitID via OpenID Connect broker" },
  carriers: { simulated: "Simulated (sandbox)", shipmondo: "Shipmondo" },
};

/** The party's name inside a sentence: "national eID" rather than the 403's "national eID provider". */
const PARTY_NAMES: Record<OutsideParty, string> = {
  paymentRail: "payment rail",
  identity: "national eID",
  carriers: "carriers",
};

const providerName = (party: OutsideParty, provider: string) =>
  (Object.hasOwn(PROVIDER_NAMES[party], provider) ? PROVIDER_NAMES[party][provider] : undefined) ?? provider;

export function loadOutsideParties() {
  const { modes, live } = outsidePartiesByMode();
  const named = (mode: ApiMode) =>
    modes[mode].map((choice) => ({
      party: choice.party,
      partyName: PARTY_NAMES[choice.party],
      providerName: providerName(choice.party, choice.provider),
      simulated: choice.simulated !== false,
      setting: choice.setting,
    }));
  return {
    test: named("test"),
    live: named("live"),
    liveOpen: live.open,
    liveGaps: live.gaps.map((gap) => ({
      party: gap.party,
      partyName: PARTY_NAMES[gap.party],
      setting: gap.setting,
      change: gap.change,
      fix: `${gap.change}=${gap.real.join(" or ")}`,
      closesLiveMode: gap.closesLiveMode,
    })),
  };
}
