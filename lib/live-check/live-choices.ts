// Which provider live mode uses for each outside party, as lib/outside-parties.ts decides it
// (`outsidePartiesByMode`: `<SETTING>_LIVE` when set, else `<SETTING>`, else simulated), by the
// setting's name as the checks speak of it. Whether live mode is open is still asked of
// outside-parties.ts itself (check-live-mode.ts), so the check and the service's 403 agree.
import { outsidePartiesByMode, type OutsideParty } from "../outside-parties.ts";

export type ChoiceSetting = "PAYMENT_RAIL" | "IDENTITY_PROVIDER" | "CARRIERS";

const PARTY: Record<ChoiceSetting, OutsideParty> = {
  PAYMENT_RAIL: "paymentRail",
  IDENTITY_PROVIDER: "identity",
  CARRIERS: "carriers",
};

export interface LiveChoice {
  /** The setting that decides it: `PAYMENT_RAIL_LIVE` when that is set, else `PAYMENT_RAIL`. */
  setting: string;
  provider: string;
}

export function liveChoice(base: ChoiceSetting): LiveChoice {
  const choice = outsidePartiesByMode().modes.live.find((each) => each.party === PARTY[base])!;
  return { setting: choice.setting, provider: choice.provider };
}

/** Shipmondo is checked when either mode uses it: the sandbox's labels go through the same account. */
export function usesShipmondo(): boolean {
  const { modes } = outsidePartiesByMode();
  return [...modes.test, ...modes.live].some((each) => each.party === "carriers" && each.provider === "shipmondo");
}
