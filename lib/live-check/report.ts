// What `npm run cli -- live check` finds: per provider, each check with its status and the settings
// it is about, and what to register at the provider. A check's detail names settings and says what
// to do; it never holds a setting's value when that value is a secret (a key, a client secret, a
// signing secret), only its kind (`sk_test_…`) or that it is there. URLs are not secrets and are
// shown, since they are what the operator compares with the provider's dashboard.
//
// `warn` is for what live mode works without (no Connect webhook secret, carriers still simulated):
// only `fail` makes the check exit 1, so a passing check means live mode can be opened as configured.

export type CheckStatus = "pass" | "warn" | "fail";

export interface Check {
  name: string;
  status: CheckStatus;
  detail: string;
  /** The settings this check is about, by name. */
  settings: string[];
}

/** Something to register at the provider: a webhook endpoint or the eID's redirect URI. */
export interface Registration {
  what: string;
  url: string;
  /** The events (or values) to choose with it, where the provider asks. */
  with?: string[];
}

export interface Section {
  id: "live-mode" | "deployment" | "replicas" | "stripe" | "eid-broker" | "shipmondo";
  title: string;
  checks: Check[];
  register: Registration[];
}

/**
 * `live`: this deployment's live mode, with the providers' live accounts. `rehearsal`: a staging
 * deployment rehearsing go-live against the providers' test accounts (Stripe's test keys, another
 * API address, an eID stand-in on loopback), where those are not failures.
 */
export type LiveCheckTarget = "live" | "rehearsal";

export interface LiveCheckReport {
  target: LiveCheckTarget;
  ok: boolean;
  sections: Section[];
  /** The settings named by failing checks, each once: what to fix. */
  failingSettings: string[];
}

const check =
  (status: CheckStatus) =>
  (name: string, detail: string, settings: string[] = []): Check => ({ name, status, detail, settings });

export const pass = check("pass");
export const warn = check("warn");
export const fail = check("fail");

export function liveCheckReport(target: LiveCheckTarget, sections: Section[]): LiveCheckReport {
  const failing = sections.flatMap((section) => section.checks).filter((each) => each.status === "fail");
  return {
    target,
    ok: failing.length === 0,
    sections,
    failingSettings: [...new Set(failing.flatMap((each) => each.settings))],
  };
}
