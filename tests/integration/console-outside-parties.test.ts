// Which provider serves each outside party in each mode, as lib/outside-parties.ts reports it
// (outsidePartiesByMode) and the console's Developers page names it (loadOutsideParties): the
// setting that decides each party, whether it is simulated, whether live mode is open and, if not,
// which `_LIVE` setting the operator changes. It agrees with liveModeGaps and isLiveModeOpen (what
// the 403s and the notice on every page go by), and never carries a provider's secret.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadOutsideParties } from "../../lib/console/developers/load-outside-parties.ts";
import { liveChoice } from "../../lib/live-check/live-choices.ts";
import { isLiveModeOpen, liveModeGaps, outsidePartiesByMode } from "../../lib/outside-parties.ts";

const CHOOSING = ["PAYMENT_RAIL", "IDENTITY_PROVIDER", "CARRIERS"].flatMap((base) => [base, `${base}_LIVE`]);
const SECRET = "sk_live_never-shown-4242";

beforeEach(() => {
  for (const setting of CHOOSING) vi.stubEnv(setting, "");
  vi.stubEnv("STRIPE_SECRET_KEY", SECRET);
});

afterEach(() => {
  vi.unstubAllEnvs();
});

const summary = (choices: ReturnType<typeof outsidePartiesByMode>["modes"]["live"]) =>
  choices.map(({ party, setting, provider, simulated }) => ({ party, setting, provider, simulated }));

describe("outside parties by mode", () => {
  it("with everything simulated: both modes simulated, live closed by the rail and the eID", () => {
    const { modes, live } = outsidePartiesByMode();
    const simulated = (party: string, setting: string) => ({ party, setting, provider: "simulated", simulated: true });
    const everySimulated = [
      simulated("paymentRail", "PAYMENT_RAIL"),
      simulated("identity", "IDENTITY_PROVIDER"),
      simulated("carriers", "CARRIERS"),
    ];
    expect(summary(modes.test)).toEqual(everySimulated);
    expect(summary(modes.live)).toEqual(everySimulated);
    expect(live.open).toBe(false);
    expect(
      live.gaps.map(({ setting, change, real, closesLiveMode }) => ({ setting, change, real, closesLiveMode })),
    ).toEqual([
      { setting: "PAYMENT_RAIL", change: "PAYMENT_RAIL_LIVE", real: ["stripe"], closesLiveMode: true },
      { setting: "IDENTITY_PROVIDER", change: "IDENTITY_PROVIDER_LIVE", real: ["oidc"], closesLiveMode: true },
      { setting: "CARRIERS", change: "CARRIERS_LIVE", real: ["shipmondo"], closesLiveMode: false },
    ]);
    // The same reasons the service's 403 and the console's notice give.
    expect(isLiveModeOpen()).toBe(false);
    expect(live.gaps.filter((gap) => gap.closesLiveMode).map((gap) => gap.setting)).toEqual(
      liveModeGaps().map((gap) => gap.setting),
    );

    const page = loadOutsideParties();
    expect(page.test.map((choice) => [choice.partyName, choice.providerName, choice.simulated])).toEqual([
      ["payment rail", "Simulated (sandbox)", true],
      ["national eID", "Simulated (sandbox)", true],
      ["carriers", "Simulated (sandbox)", true],
    ]);
    expect(page.liveOpen).toBe(false);
    expect(page.liveGaps.map((gap) => gap.fix)).toEqual([
      "PAYMENT_RAIL_LIVE=stripe",
      "IDENTITY_PROVIDER_LIVE=oidc",
      "CARRIERS_LIVE=shipmondo",
    ]);
  });

  it("with only PAYMENT_RAIL_LIVE=stripe: live pays through Stripe but stays closed, naming IDENTITY_PROVIDER_LIVE", () => {
    vi.stubEnv("PAYMENT_RAIL_LIVE", "stripe");
    const { modes, live } = outsidePartiesByMode();
    expect(summary(modes.test)[0]).toEqual({
      party: "paymentRail",
      setting: "PAYMENT_RAIL",
      provider: "simulated",
      simulated: true,
    });
    expect(summary(modes.live)[0]).toEqual({
      party: "paymentRail",
      setting: "PAYMENT_RAIL_LIVE",
      provider: "stripe",
      simulated: false,
    });
    expect(live.open).toBe(false);
    expect(live.gaps.filter((gap) => gap.closesLiveMode)).toEqual([
      expect.objectContaining({ party: "identity", setting: "IDENTITY_PROVIDER", change: "IDENTITY_PROVIDER_LIVE" }),
    ]);
    expect(liveModeGaps().map((gap) => gap.party)).toEqual(["identity"]);

    const page = loadOutsideParties();
    expect(page.live[0]).toMatchObject({
      providerName: "Stripe Connect",
      simulated: false,
      setting: "PAYMENT_RAIL_LIVE",
    });
    expect(page.test[0]).toMatchObject({ providerName: "Simulated (sandbox)", simulated: true });
    expect(page.liveGaps.filter((gap) => gap.closesLiveMode).map((gap) => gap.fix)).toEqual([
      "IDENTITY_PROVIDER_LIVE=oidc",
    ]);
    expect(JSON.stringify(page)).not.toContain(SECRET);
  });

  it("with a real rail and eID for live: open, and the simulated carriers noted as keeping live labels out", () => {
    vi.stubEnv("PAYMENT_RAIL_LIVE", "stripe");
    vi.stubEnv("IDENTITY_PROVIDER_LIVE", "oidc");
    const { modes, live } = outsidePartiesByMode();
    expect(modes.live.map((choice) => choice.simulated)).toEqual([false, false, true]);
    expect(modes.test.map((choice) => choice.simulated)).toEqual([true, true, true]);
    expect(live.open).toBe(true);
    expect(isLiveModeOpen()).toBe(true);
    expect(live.gaps).toEqual([
      expect.objectContaining({
        party: "carriers",
        setting: "CARRIERS",
        change: "CARRIERS_LIVE",
        closesLiveMode: false,
      }),
    ]);

    const page = loadOutsideParties();
    expect(page.liveOpen).toBe(true);
    expect(page.live.map((choice) => choice.providerName)).toEqual([
      "Stripe Connect",
      "MitID via OpenID Connect broker",
      "Simulated (sandbox)",
    ]);
    expect(page.liveGaps).toEqual([
      expect.objectContaining({ partyName: "carriers", fix: "CARRIERS_LIVE=shipmondo", closesLiveMode: false }),
    ]);
    expect(JSON.stringify(page)).not.toContain(SECRET);
  });

  it("names Shipmondo in both modes when CARRIERS chooses it, and reports an unknown provider without throwing", () => {
    vi.stubEnv("CARRIERS", "shipmondo");
    expect(loadOutsideParties().test[2]).toMatchObject({ providerName: "Shipmondo", simulated: false });
    expect(loadOutsideParties().live[2]).toMatchObject({ providerName: "Shipmondo", setting: "CARRIERS" });

    // The server refuses to start with it (checkOutsidePartySettings); `live check` names it.
    vi.stubEnv("CARRIERS_LIVE", "pigeon");
    expect(outsidePartiesByMode().modes.live[2]).toMatchObject({
      setting: "CARRIERS_LIVE",
      provider: "pigeon",
      simulated: null,
    });
    expect(liveChoice("CARRIERS")).toEqual({ setting: "CARRIERS_LIVE", provider: "pigeon" });
  });
});
