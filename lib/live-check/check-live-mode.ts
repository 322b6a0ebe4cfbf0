// Which provider each outside party uses in live mode, and whether live mode is open. Whether it is
// open is asked of lib/outside-parties.ts (liveModeGaps, isLiveModeOpen), so the check and the
// service's 403 can never disagree; what to set is said by name. Carriers are a warning only: live
// mode opens without them, and only buying a live label answers 403 until they are real.
import { isLiveModeOpen, liveModeGaps } from "../outside-parties.ts";
import { liveChoice } from "./live-choices.ts";
import { fail, pass, warn, type Check, type Section } from "./report.ts";

const FIX = { paymentRail: "PAYMENT_RAIL_LIVE=stripe", identity: "IDENTITY_PROVIDER_LIVE=oidc" } as const;
const KNOWN_CARRIERS = ["simulated", "shipmondo"];

function gapChecks(): Check[] {
  let gaps: ReturnType<typeof liveModeGaps>;
  try {
    gaps = liveModeGaps();
  } catch (error) {
    // An unknown provider name: outside-parties.ts names the setting and what the build has.
    const message = error instanceof Error ? error.message : String(error);
    const setting = /^([A-Z_]+)=/.exec(message)?.[1];
    return [fail("providers", message, setting ? [setting] : [])];
  }
  const parties = [
    { party: "paymentRail" as const, name: "payment rail", choice: liveChoice("PAYMENT_RAIL") },
    { party: "identity" as const, name: "national eID", choice: liveChoice("IDENTITY_PROVIDER") },
  ];
  const checks = parties.map(({ party, name, choice }) => {
    const gap = gaps.find((each) => each.party === party);
    if (gap) {
      return fail(name, `simulated (${gap.setting}): live mode stays closed until it is real; set ${FIX[party]}`, [
        ...new Set([gap.setting, FIX[party].split("=")[0]!]),
      ]);
    }
    return pass(name, `${choice.provider} (${choice.setting})`, [choice.setting]);
  });
  checks.push(
    isLiveModeOpen()
      ? pass("live mode", "opens: the payment rail and the eID chosen for live are real", [])
      : fail("live mode", "closed: live requests that connect a person, take money or pay out answer 403", [
          ...new Set(gaps.map((gap) => gap.setting)),
        ]),
  );
  return checks;
}

function carriersCheck(): Check {
  const choice = liveChoice("CARRIERS");
  if (!KNOWN_CARRIERS.includes(choice.provider)) {
    return fail(
      "carriers",
      `${choice.setting}=${choice.provider} names no carriers (known: ${KNOWN_CARRIERS.join(", ")})`,
      [choice.setting],
    );
  }
  if (choice.provider === "simulated") {
    return warn(
      "carriers",
      `simulated (${choice.setting}): live mode opens, but buying a live label answers 403 until CARRIERS_LIVE=shipmondo`,
      [choice.setting],
    );
  }
  return pass("carriers", `${choice.provider} (${choice.setting})`, [choice.setting]);
}

export function checkLiveMode(): Section {
  return {
    id: "live-mode",
    title: "Live mode (lib/outside-parties.ts)",
    checks: [...gapChecks(), carriersCheck()],
    register: [],
  };
}
