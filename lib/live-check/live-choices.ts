// Which provider live mode uses for each outside party, as lib/outside-parties.ts decides it:
// `<SETTING>_LIVE` when set, else `<SETTING>`, else simulated. outside-parties.ts keeps that rule
// private (its `settingFor`) and exports only the gaps of live mode, so the rule is read again
// here to report what each party uses; whether live mode is open is still asked of
// outside-parties.ts itself (check-live-mode.ts). Exporting the choice from there would remove this.
export type ChoiceSetting = "PAYMENT_RAIL" | "IDENTITY_PROVIDER" | "CARRIERS";

export interface LiveChoice {
  /** The setting that decides it: `PAYMENT_RAIL_LIVE` when that is set, else `PAYMENT_RAIL`. */
  setting: string;
  provider: string;
}

export function liveChoice(base: ChoiceSetting): LiveChoice {
  const live = process.env[`${base}_LIVE`]?.trim();
  if (live) return { setting: `${base}_LIVE`, provider: live };
  return { setting: base, provider: process.env[base]?.trim() || "simulated" };
}

/** Shipmondo is checked when either mode uses it: the sandbox's labels go through the same account. */
export function usesShipmondo(): boolean {
  return liveChoice("CARRIERS").provider === "shipmondo" || process.env.CARRIERS?.trim() === "shipmondo";
}
